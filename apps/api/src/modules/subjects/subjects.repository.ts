import type { SubjectStandard } from '@app/domain/subjects.schemas';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SubjectRow, subjects } from '../../db/schema';

export async function listSubjectRows(db: Executor): Promise<SubjectRow[]> {
  return db.select().from(subjects).orderBy(asc(subjects.subjectCode));
}

export async function findSubject(db: Executor, subjectCode: number): Promise<SubjectRow | undefined> {
  const [row] = await db.select().from(subjects).where(eq(subjects.subjectCode, subjectCode)).limit(1);
  return row;
}

export async function insertSubject(db: Executor, values: typeof subjects.$inferInsert): Promise<SubjectRow> {
  const [row] = await db.insert(subjects).values(values).returning();
  if (!row) throw new Error('insert subjects returned nothing');
  return row;
}

export async function deleteSubject(db: Executor, subjectCode: number): Promise<boolean> {
  const rows = await db
    .delete(subjects)
    .where(eq(subjects.subjectCode, subjectCode))
    .returning({ code: subjects.subjectCode });
  return rows.length > 0;
}

/**
 * Serialises scheduling within a standard until the transaction ends: row locks alone would not
 * stop two papers being moved onto the same empty date at once.
 */
export async function lockStandardTimetable(db: Executor, standard: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`subjects:${standard}`}))`);
}

export async function subjectsOnDate(
  db: Executor,
  { standard, examDate, except }: { standard: SubjectStandard; examDate: string; except: number },
): Promise<SubjectRow[]> {
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.standard, standard), eq(subjects.examDate, examDate), ne(subjects.subjectCode, except)));
}

export async function setExamTime(
  db: Executor,
  subjectCode: number,
  values: Pick<SubjectRow, 'examDate' | 'examTime' | 'startMinute' | 'endMinute'>,
): Promise<SubjectRow | undefined> {
  const [row] = await db
    .update(subjects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subjects.subjectCode, subjectCode))
    .returning();
  return row;
}
