import type { Standard } from '@app/domain/standards.rules';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { type VisitingRow, visitingRecords } from '../../db/schema';

export async function insertVisiting(db: Executor, values: typeof visitingRecords.$inferInsert): Promise<VisitingRow> {
  const [row] = await db.insert(visitingRecords).values(values).returning();
  if (!row) throw new Error('insert visiting_records returned nothing');
  return row;
}

/** Newest first; one counsellor's records, or everyone's. */
export async function listVisiting(db: Executor, filter: { createdBy?: string }): Promise<VisitingRow[]> {
  return db
    .select()
    .from(visitingRecords)
    .where(filter.createdBy ? eq(visitingRecords.createdBy, filter.createdBy) : undefined)
    .orderBy(desc(visitingRecords.createdAt), desc(visitingRecords.id));
}

export type VisitingListFilter = {
  /** A counsellor's own records (their uuid), or undefined for everyone's. */
  createdBy?: string | undefined;
  standard?: Standard | undefined;
  /** Part of the name, the student number or the parent number. */
  search?: string | undefined;
};

function conditions(filter: VisitingListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.createdBy) parts.push(eq(visitingRecords.createdBy, filter.createdBy));
  if (filter.standard) parts.push(eq(visitingRecords.standard, filter.standard));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      or(
        ilike(visitingRecords.studentName, pattern),
        ilike(visitingRecords.studentNo, pattern),
        ilike(visitingRecords.parentsNo, pattern),
      ),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page, newest first, and how many match in all. */
export async function listVisitingPage(
  db: Executor,
  filter: VisitingListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: VisitingRow[]; totalCount: number }> {
  const where = conditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(visitingRecords)
      .where(where)
      .orderBy(desc(visitingRecords.createdAt), desc(visitingRecords.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(visitingRecords).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** An enquiry with its row locked until the transaction ends (so two registrations cannot both convert it). */
export async function lockVisiting(tx: Executor, id: number): Promise<VisitingRow | undefined> {
  const [row] = await tx.select().from(visitingRecords).where(eq(visitingRecords.id, id)).for('update');
  return row;
}

export async function setConvertedStudent(tx: Executor, id: number, studentId: string): Promise<void> {
  await tx
    .update(visitingRecords)
    .set({ convertedStudentId: studentId, updatedAt: new Date() })
    .where(eq(visitingRecords.id, id));
}
