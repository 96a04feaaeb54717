import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cancellationRequests, gstSettings, payments, refunds, students, users } from '../../db/schema';

export async function findPayment(db: Executor, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
  return row;
}

/**
 * The payment's row, locked after its student's (docs/decisions/009-lock-order.md: the student, then the
 * rows of it being changed). FOR NO KEY UPDATE: refunds and requests referencing it may still be added.
 */
export async function lockPayment(db: Executor, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.paymentId, paymentId)).for('no key update');
  return row;
}

export async function markCancelled(
  db: Executor,
  paymentId: number,
  values: { cancelledBy: string; cancelReason: string; cancelledAt: Date },
) {
  await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.paymentId, paymentId), isNull(payments.cancelledAt)));
}

/** Refunds paid against one receipt, in paise. */
export async function refundedAgainst(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return Number(row?.paise ?? 0);
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('insert refunds returned nothing');
  return row;
}

export async function findRefund(db: Executor, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** The refunds of these students with who paid them, newest first. */
export async function listRefundsOfStudents(db: Executor, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ refund: refunds, byName: users.name })
    .from(refunds)
    .innerJoin(users, eq(users.uuid, refunds.createdBy))
    .where(inArray(refunds.studentId, studentIds))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export async function listRefundRowsOfStudent(db: Executor, studentId: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.studentId, studentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function insertCancellationRequest(db: Executor, values: typeof cancellationRequests.$inferInsert) {
  const [row] = await db.insert(cancellationRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** A request being decided: first in the lock order (docs/decisions/009-lock-order.md), as a settlement being decided. */
export async function lockCancellationRequest(db: Executor, id: number) {
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.id, id)).for('update');
  return row;
}

export async function decideCancellationRow(
  db: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; rejectionReason: string | null; decidedBy: string },
) {
  await db
    .update(cancellationRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(eq(cancellationRequests.id, id));
}

/** Requests with their receipt, student and who asked; waiting ones first, then newest. */
export async function listCancellationRequests(db: Executor, status?: 'pending' | 'approved' | 'rejected') {
  return db
    .select({ request: cancellationRequests, payment: payments, studentName: students.studentName, byName: users.name })
    .from(cancellationRequests)
    .innerJoin(payments, eq(payments.paymentId, cancellationRequests.paymentId))
    .innerJoin(students, eq(students.studentId, payments.studentId))
    .innerJoin(users, eq(users.uuid, cancellationRequests.requestedBy))
    .where(status ? eq(cancellationRequests.status, status) : undefined)
    .orderBy(
      sql`case when ${cancellationRequests.status} = 'pending' then 0 else 1 end`,
      desc(cancellationRequests.createdAt),
      desc(cancellationRequests.id),
    );
}

/** Every pending request of one receipt (to close it when an admin cancels the receipt directly). */
export async function pendingRequestsOf(db: Executor, paymentId: number) {
  return db
    .select()
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.paymentId, paymentId), eq(cancellationRequests.status, 'pending')))
    .orderBy(asc(cancellationRequests.id));
}

export async function readGstSettings(db: Executor) {
  const [row] = await db.select().from(gstSettings).where(eq(gstSettings.id, 1));
  return row;
}

export async function writeGstSettings(db: Executor, values: Omit<typeof gstSettings.$inferInsert, 'id'>) {
  await db
    .insert(gstSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: gstSettings.id, set: { ...values, updatedAt: new Date() } });
}

/** Tax receipts issued between two instants (the month's Indian days), oldest first. */
export async function listGstReceiptsBetween(db: Executor, { start, end }: { start: Date; end: Date }) {
  return db
    .select({ payment: payments, studentName: students.studentName })
    .from(payments)
    .innerJoin(students, eq(students.studentId, payments.studentId))
    .where(and(isNotNull(payments.gstin), gte(payments.createdAt, start), lt(payments.createdAt, end)))
    .orderBy(asc(payments.createdAt), asc(payments.paymentId));
}

/** Refunds paid between two dates (both included) against tax receipts, oldest first. */
export async function listGstRefundsBetween(db: Executor, { from, to }: { from: string; to: string }) {
  return db
    .select({ refund: refunds, receiptNo: payments.systemReceiptNo, studentName: students.studentName })
    .from(refunds)
    .innerJoin(payments, eq(payments.paymentId, refunds.paymentId))
    .innerJoin(students, eq(students.studentId, refunds.studentId))
    .where(and(isNotNull(payments.gstin), gte(refunds.refundedOn, from), lte(refunds.refundedOn, to)))
    .orderBy(asc(refunds.refundedOn), asc(refunds.id));
}
