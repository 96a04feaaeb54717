import type { Standard } from '@app/domain/standards.rules';
import { and, desc, eq, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { courses, idempotencyKeys, payments, students } from '../../db/schema';
import { studentCourseName } from '../courses/courses.repository';

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert payments returned nothing');
  return row;
}

/**
 * The student's row, locked until the transaction ends: balances change one payment at a time. FOR NO KEY
 * UPDATE, the weakest lock that excludes another writer: rows that reference the student (payments, marks)
 * may still be added meanwhile (docs/decisions/009-lock-order.md).
 */
export async function lockStudent(db: Executor, studentId: string) {
  const [row] = await db.select().from(students).where(eq(students.studentId, studentId)).for('no key update');
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

export type PaymentListFilter = {
  /** A counsellor's own students (their uuid), or undefined for everyone's. */
  createdBy?: string | undefined;
  standard?: Standard | undefined;
  search?: string | undefined;
};

/** Students who have paid, narrowed by the filter; search reaches their payments' IDs and receipt numbers. */
function paidStudentConditions(filter: PaymentListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNotNull(students.lastPaymentAt)];
  if (filter.createdBy) parts.push(eq(students.createdBy, filter.createdBy));
  if (filter.standard) parts.push(eq(students.standard, filter.standard));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const paymentId = /^\d{1,9}$/.test(filter.search) ? Number(filter.search) : null;
    const paymentMatches = or(
      ilike(payments.systemReceiptNo, pattern),
      ilike(payments.receiptNo, pattern),
      paymentId === null ? undefined : eq(payments.paymentId, paymentId),
    );
    parts.push(
      or(
        ilike(students.studentName, pattern),
        ilike(students.studentId, pattern),
        sql`${students.studentId} in (select ${payments.studentId} from ${payments} where ${paymentMatches})`,
      ),
    );
  }
  return and(...parts);
}

/**
 * One page of students who have paid, newest payment first (`last_payment_at`, kept by a trigger and
 * indexed), with the number of such students in all.
 */
export async function listPaidStudentsPage(
  db: Executor,
  filter: PaymentListFilter,
  page: { offset: number; limit: number },
) {
  const where = paidStudentConditions(filter);
  // One after the other: the caller reads inside one transaction, on one connection.
  const rows = await db
    .select()
    .from(students)
    .where(where)
    // As the indexes are ordered, so the database walks one of them.
    .orderBy(sql`${students.lastPaymentAt} desc nulls last`, sql`${students.studentId} desc nulls last`)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(students).where(where);
  return { students: rows, totalCount: total?.n ?? 0 };
}

/** The payments of these students, newest first. */
export async function listPaymentsOfStudents(db: Executor, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.studentId, studentIds))
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

/**
 * Every payment of the students the Payment Table's filter shows (all their payments, as the screen
 * lists them), newest first, read a batch at a time: the payments download (issue 26).
 */
export async function* streamPaymentsOfFilter(db: Executor, filter: PaymentListFilter, batch = 1000) {
  const where = paidStudentConditions(filter);
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select({
        payment: payments,
        student: students,
        course: studentCourseName,
      })
      .from(payments)
      .innerJoin(students, eq(students.studentId, payments.studentId))
      .leftJoin(courses, eq(courses.id, students.courseId))
      .where(and(where, before === undefined ? undefined : lt(payments.paymentId, before)))
      .orderBy(desc(payments.paymentId))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]?.payment.paymentId;
  }
}
