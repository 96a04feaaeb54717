import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examSessions, payments, retentionRuns, students, visitingRecords } from '../../db/schema';
import { ERASED } from './erasure';

/** Enquiries recorded before `before` that never became a registration and still hold their details. */
export async function staleEnquiryIds(db: Executor, before: Date, { lock = false } = {}) {
  const query = db
    .select({ id: visitingRecords.id })
    .from(visitingRecords)
    .where(
      and(
        lt(visitingRecords.createdAt, before),
        isNull(visitingRecords.convertedStudentId),
        ne(visitingRecords.studentName, ERASED),
      ),
    )
    .orderBy(asc(visitingRecords.id));
  const rows = lock ? await query.for('update') : await query;
  return rows.map((row) => row.id);
}

/** Students (with a photo still held) of sessions that ended on or before `endedBy` and are not open. */
export async function photosOfClosedSessions(db: Executor, endedBy: string, { lock = false } = {}) {
  const query = db
    .select({ studentId: students.studentId, examYear: students.examYear, photo: students.studentPhoto })
    .from(students)
    .innerJoin(examSessions, eq(examSessions.examYear, students.examYear))
    .where(
      and(
        sql`${examSessions.endsOn} <= ${endedBy}`,
        eq(examSessions.openForRegistration, false),
        ne(students.studentPhoto, 'erased'),
      ),
    )
    .orderBy(asc(students.studentId));
  return lock ? query.for('no key update', { of: students }) : query;
}

export async function setPhotosErased(db: Executor, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await db
    .update(students)
    .set({ studentPhoto: 'erased', updatedAt: sql`now()` })
    .where(inArray(students.studentId, studentIds));
}

export async function countPaymentsBefore(db: Executor, before: Date) {
  const [row] = await db.select({ n: count() }).from(payments).where(lt(payments.createdAt, before));
  return row?.n ?? 0;
}

export async function insertRetentionRun(db: Executor, row: typeof retentionRuns.$inferInsert) {
  await db.insert(retentionRuns).values(row);
}

export function listRetentionRuns(db: Executor) {
  return db.select().from(retentionRuns).orderBy(desc(retentionRuns.id)).limit(20);
}
