import type { Standard } from '@app/domain/standards.rules';
import type { SubjectStandard } from '@app/domain/subjects.schemas';
import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExamSessionRow, examSessions, students, subjects } from '../../db/schema';
import { insertDefaultCourses } from '../courses/courses.repository';

type Lock = 'update' | 'share' | undefined;

export async function findSession(db: Executor, id: number, lock?: Lock): Promise<ExamSessionRow | undefined> {
  const query = db.select().from(examSessions).where(eq(examSessions.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** The session open for registration (at most one: a partial unique index). */
export async function findOpenSession(db: Executor, lock?: Lock): Promise<ExamSessionRow | undefined> {
  const query = db.select().from(examSessions).where(eq(examSessions.openForRegistration, true)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** The session of an exam year (one per year: a unique index). */
export async function findSessionOfYear(
  db: Executor,
  examYear: number,
  lock?: Lock,
): Promise<ExamSessionRow | undefined> {
  const query = db.select().from(examSessions).where(eq(examSessions.examYear, examYear)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function listSessionRows(db: Executor): Promise<ExamSessionRow[]> {
  return db.select().from(examSessions).orderBy(asc(examSessions.examYear));
}

/** Another session with this name or exam year than `except`. */
export async function findClash(
  db: Executor,
  { name, examYear, except }: { name: string; examYear: number; except?: number },
): Promise<ExamSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(examSessions)
    .where(
      and(
        or(sql`lower(${examSessions.name}) = lower(${name})`, eq(examSessions.examYear, examYear)),
        except === undefined ? undefined : ne(examSessions.id, except),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSession(db: Executor, values: typeof examSessions.$inferInsert): Promise<ExamSessionRow> {
  const [row] = await db.insert(examSessions).values(values).returning();
  if (!row) throw new Error('insert exam_sessions returned nothing');
  // Every session offers courses from its first moment (issue 25): SPEC §9's four, until the admin changes them.
  await insertDefaultCourses(db, row.id);
  return row;
}

/** Inserts a session unless one of its exam year or name exists (another instance starting at once). */
export async function insertSessionUnlessTaken(db: Executor, values: typeof examSessions.$inferInsert): Promise<void> {
  const [row] = await db.insert(examSessions).values(values).onConflictDoNothing().returning({ id: examSessions.id });
  if (row) await insertDefaultCourses(db, row.id);
}

export async function updateSessionRow(
  db: Executor,
  id: number,
  values: Partial<typeof examSessions.$inferInsert>,
): Promise<ExamSessionRow | undefined> {
  const [row] = await db
    .update(examSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(examSessions.id, id))
    .returning();
  return row;
}

/** How many students sit, and papers are set for, each exam year. */
export async function countsByYear(
  db: Executor,
  years: readonly number[],
): Promise<{ students: Map<number, number>; papers: Map<number, number> }> {
  if (years.length === 0) return { students: new Map(), papers: new Map() };
  const [studentRows, paperRows] = await Promise.all([
    db
      .select({ year: students.examYear, n: count() })
      .from(students)
      .where(inArray(students.examYear, [...years]))
      .groupBy(students.examYear),
    db
      .select({ year: subjects.examYear, n: count() })
      .from(subjects)
      .where(inArray(subjects.examYear, [...years]))
      .groupBy(subjects.examYear),
  ]);
  return {
    students: new Map(studentRows.map((row) => [row.year, row.n])),
    papers: new Map(paperRows.map((row) => [row.year, row.n])),
  };
}

/** The exam years whose hall tickets, and whose results, are released. */
export async function releasedYears(db: Executor): Promise<{ HALLTICKET: number[]; RESULT: number[] }> {
  const rows = await db
    .select({
      examYear: examSessions.examYear,
      hallTickets: examSessions.hallTicketsReleased,
      results: examSessions.resultsReleased,
    })
    .from(examSessions)
    .where(or(eq(examSessions.hallTicketsReleased, true), eq(examSessions.resultsReleased, true)));
  return {
    HALLTICKET: rows.filter((row) => row.hallTickets).map((row) => row.examYear),
    RESULT: rows.filter((row) => row.results).map((row) => row.examYear),
  };
}

/**
 * Per paper set of an exam year: whether any student writes it, and whether its timetable is published
 * (at least one of its papers has a date and a time).
 */
export async function paperSetReadiness(
  db: Executor,
  { examYear, standardsOf }: { examYear: number; standardsOf: (paperSet: SubjectStandard) => readonly Standard[] },
): Promise<{ paperSet: '10th' | '12th'; hasStudents: boolean; published: boolean }[]> {
  const answers = [];
  for (const paperSet of ['10th', '12th'] as const) {
    const [writers] = await db
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.examYear, examYear), inArray(students.standard, [...standardsOf(paperSet)])));
    const [dated] = await db
      .select({ n: count() })
      .from(subjects)
      .where(
        and(
          eq(subjects.examYear, examYear),
          eq(subjects.standard, paperSet),
          isNotNull(subjects.examDate),
          isNotNull(subjects.examTime),
        ),
      );
    answers.push({ paperSet, hasStudents: (writers?.n ?? 0) > 0, published: (dated?.n ?? 0) > 0 });
  }
  return answers;
}
