import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys, payments, students } from '../../db/schema';

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert payments returned nothing');
  return row;
}

/** The student's row, locked until the transaction ends: balances change one payment at a time. */
export async function lockStudent(db: Executor, studentId: string) {
  const [row] = await db.select().from(students).where(eq(students.studentId, studentId)).for('update');
  return row;
}

export async function setBalance(
  db: Executor,
  studentId: string,
  values: { paidPaise: number; remainingPaise: number; dueDate: string | null },
) {
  await db
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(students.studentId, studentId));
}

/** Payments with their student, newest first; one counsellor's students, or everyone's. */
export async function listPaymentsWithStudents(db: Executor, filter: { createdBy?: string }) {
  const scope: SQL | undefined = filter.createdBy ? eq(students.createdBy, filter.createdBy) : undefined;
  return db
    .select({ payment: payments, student: students })
    .from(payments)
    .innerJoin(students, eq(students.studentId, payments.studentId))
    .where(scope)
    .orderBy(desc(payments.createdAt), desc(payments.paymentId));
}

/** Claims a key for this request; answers the earlier answer when the key was used already. */
export async function claimIdempotencyKey(
  db: Executor,
  values: { userUuid: string; key: string; requestHash: string },
) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...values, status: 0, response: '' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return undefined;
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userUuid, values.userUuid), eq(idempotencyKeys.key, values.key)));
  return existing;
}

export async function storeIdempotentAnswer(
  db: Executor,
  { userUuid, key, status, response }: { userUuid: string; key: string; status: number; response: unknown },
) {
  await db
    .update(idempotencyKeys)
    .set({ status, response: JSON.stringify(response) })
    .where(and(eq(idempotencyKeys.userUuid, userUuid), eq(idempotencyKeys.key, key)));
}
