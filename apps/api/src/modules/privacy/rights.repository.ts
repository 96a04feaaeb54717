import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client';
import {
  auditLog,
  bookSetsGiven,
  consents,
  dataRequests,
  hallTicketAllowances,
  marks,
  payments,
  privacySettings,
  settlements,
  students,
  subjects,
  visitingRecords,
} from '../../db/schema';

export async function findSettings(db: Executor, { lock = false } = {}) {
  const query = db.select().from(privacySettings).where(eq(privacySettings.id, 1)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateSettings(db: Executor, changes: Partial<typeof privacySettings.$inferInsert>) {
  await db
    .insert(privacySettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: privacySettings.id, set: { ...changes, updatedAt: sql`now()` } });
}

export async function insertDataRequest(db: Executor, row: typeof dataRequests.$inferInsert) {
  const [created] = await db.insert(dataRequests).values(row).returning();
  if (!created) throw new Error('data request insert returned no row');
  return created;
}

export async function findDataRequest(db: Executor, id: number, { lock = false } = {}) {
  const query = db.select().from(dataRequests).where(eq(dataRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function closeDataRequestRow(
  db: Executor,
  id: number,
  changes: Pick<typeof dataRequests.$inferInsert, 'status' | 'outcome' | 'handledBy' | 'handledByName' | 'handledAt'>,
) {
  const [row] = await db.update(dataRequests).set(changes).where(eq(dataRequests.id, id)).returning();
  return row;
}

/** Requests with their student's name: the open ones by due day, or all, newest first. */
export function listDataRequests(db: Executor, { onlyOpen }: { onlyOpen: boolean }) {
  const query = db
    .select({ request: dataRequests, studentName: students.studentName })
    .from(dataRequests)
    .innerJoin(students, eq(students.studentId, dataRequests.studentId));
  return onlyOpen
    ? query.where(eq(dataRequests.status, 'open')).orderBy(asc(dataRequests.dueOn), asc(dataRequests.id)).limit(500)
    : query.orderBy(desc(dataRequests.id)).limit(500);
}

export async function countRequests(db: Executor, today: string) {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${dataRequests.dueOn} < ${today})`.mapWith(Number),
    })
    .from(dataRequests)
    .where(eq(dataRequests.status, 'open'));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** Everything held about one student, each list in a fixed order. */
export async function readStudentData(db: Executor, studentId: string, studentNo: string) {
  return {
    payments: await db
      .select()
      .from(payments)
      .where(eq(payments.studentId, studentId))
      .orderBy(asc(payments.paymentId)),
    marks: await db
      .select({
        subjectCode: marks.subjectCode,
        subjectName: subjects.subjectName,
        marks: marks.marks,
        absent: marks.absent,
        maxMarks: subjects.maxMarks,
        updatedAt: marks.updatedAt,
      })
      .from(marks)
      .innerJoin(subjects, eq(subjects.subjectCode, marks.subjectCode))
      .where(eq(marks.studentId, studentId))
      .orderBy(asc(marks.subjectCode)),
    consents: await db.select().from(consents).where(eq(consents.studentId, studentId)).orderBy(asc(consents.id)),
    enquiries: await db
      .select()
      .from(visitingRecords)
      .where(or(eq(visitingRecords.convertedStudentId, studentId), eq(visitingRecords.studentNo, studentNo)))
      .orderBy(asc(visitingRecords.id)),
    bookSets: await db
      .select()
      .from(bookSetsGiven)
      .where(eq(bookSetsGiven.studentId, studentId))
      .orderBy(asc(bookSetsGiven.bookSet)),
    hallTicketAllowances: await db
      .select()
      .from(hallTicketAllowances)
      .where(eq(hallTicketAllowances.studentId, studentId)),
    requests: await db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.studentId, studentId))
      .orderBy(asc(dataRequests.id)),
    history: await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.studentId, studentId))
      .orderBy(asc(auditLog.id))
      .limit(5000),
  };
}

/** The student's photos now and before (replaced photos stay in the store): from their row and history. */
export async function studentPhotoHashes(db: Executor, studentId: string): Promise<string[]> {
  const rows = await executeRows<{ hash: string | null }>(
    db,
    sql`
    select student_photo as hash from students where student_id = ${studentId}
    union
    select before ->> 'studentPhoto' from audit_log where student_id = ${studentId} and before ? 'studentPhoto'
    union
    select after ->> 'studentPhoto' from audit_log where student_id = ${studentId} and after ? 'studentPhoto'`,
  );
  return rows
    .map((row) => row.hash)
    .filter((hash): hash is string => typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash));
}

/** Of these photos, the ones something kept still points at (a receipt, a proof, another student, a consent form). */
export async function photosStillUsed(db: Executor, hashes: string[], { exceptStudent }: { exceptStudent: string }) {
  if (hashes.length === 0) return new Set<string>();
  const used = new Set<string>();
  const add = (rows: { hash: string | null }[]) => {
    for (const row of rows) if (row.hash) used.add(row.hash);
  };
  add(await db.select({ hash: payments.receiptPhoto }).from(payments).where(inArray(payments.receiptPhoto, hashes)));
  add(
    await db.select({ hash: settlements.proofPhoto }).from(settlements).where(inArray(settlements.proofPhoto, hashes)),
  );
  add(await db.select({ hash: consents.evidencePhoto }).from(consents).where(inArray(consents.evidencePhoto, hashes)));
  add(
    await db
      .select({ hash: students.studentPhoto })
      .from(students)
      .where(and(inArray(students.studentPhoto, hashes), ne(students.studentId, exceptStudent))),
  );
  return used;
}
