import { createHash } from 'node:crypto';
import { indianToday } from '@app/domain/dates.rules';
import { dueDateFor } from '@app/domain/due-date.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { DEFAULT_PAGE_SIZE, type Page, totalPagesOf } from '@app/domain/paging.schemas';
import { balanceAfter, isValidInstalment } from '@app/domain/payments.rules';
import type {
  GetPaymentsQuery,
  makePaymentRequest,
  makePaymentResponse,
  Payment,
  PaymentSummary,
} from '@app/domain/payments.schemas';
import type { PaymentMode } from '@app/domain/registrations.schemas';
import type { z } from 'zod';
import { type Db, type Executor, readSnapshot, type Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX, storedPhotoHash } from '../files/files.service';
import { queuePaymentReceived } from '../messages/messages.service';
import { refundsByStudent } from './corrections.service';
import {
  claimIdempotencyKey,
  insertPayment,
  listPaidStudentsPage,
  listPaymentsOfStudents,
  listPaymentsWithStudents,
  lockStudent,
  setBalance,
  storeIdempotentAnswer,
} from './payments.repository';
import { issueReceiptNumber } from './receipt-series';

type MakePaymentInput = z.output<typeof makePaymentRequest>;
type MakePaymentResult = z.infer<typeof makePaymentResponse>;
type Balance = { paidPaise: number; remainingPaise: number; dueDate: string | null };

/**
 * Records money received, inside the caller's transaction, with our receipt number: the next of the
 * financial year, from a locked counter, so the numbers stay unique and without gaps. The audit entry
 * holds the payment and, for an instalment, the student's balance before and after.
 */
export async function recordPayment(
  tx: Tx,
  values: {
    studentId: string;
    amountPaise: number;
    paymentMode: PaymentMode;
    receiptNo: string | undefined;
    receiptPhoto: string;
    by: Actor;
    /** The moment it is received (deps.clock): its time, and the financial year its number takes. */
    now: Date;
    balance?: { before: Balance; after: Balance };
  },
) {
  const receipt = await issueReceiptNumber(tx, { amountPaise: values.amountPaise, today: indianToday(values.now) });
  const { systemReceiptNo } = receipt;
  const payment = await insertPayment(tx, {
    ...receipt,
    studentId: values.studentId,
    amountPaise: values.amountPaise,
    paymentMode: values.paymentMode,
    receiptNo: values.receiptNo ?? null,
    receiptPhoto: values.receiptPhoto,
    createdBy: values.by.uuid,
    createdAt: values.now,
  });
  const { amountPaise, paymentMode, receiptNo, receiptPhoto } = payment;
  await recordAudit(tx, {
    by: values.by,
    entity: 'payment',
    entityId: payment.paymentId,
    studentId: values.studentId,
    action: 'create',
    before: values.balance?.before,
    after: { systemReceiptNo, amountPaise, paymentMode, receiptNo, receiptPhoto, ...values.balance?.after },
  });
  // The parent's receipt message, in this transaction (issue 26: outbox).
  await queuePaymentReceived(tx, {
    studentId: values.studentId,
    paymentId: payment.paymentId,
    amountPaise,
    receiptNumber: systemReceiptNo,
    by: values.by,
  });
  return payment;
}

/**
 * An instalment: in one transaction with the student's row locked, the server computes the new
 * remaining from the stored balance (the client's figure is only compared), records the payment and
 * the balance. With an Idempotency-Key, a repeat of the same request answers the first result.
 */
export async function makePayment(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  { input, by, idempotencyKey }: { input: MakePaymentInput; by: Actor; idempotencyKey?: string | undefined },
): Promise<MakePaymentResult> {
  const receiptPhoto = await storedPhotoHash(deps.files, input.receiptPhoto);
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return deps.db.transaction(async (tx) => {
    // Locks in the order of docs/decisions/009-lock-order.md: the idempotency key, the student, then the
    // receipt counter.
    if (idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, { userUuid: by.uuid, key: idempotencyKey, requestHash });
      if (earlier) {
        if (earlier.requestHash !== requestHash) throw new DomainError('CONFLICT', messages.idempotencyKeyReused);
        return JSON.parse(earlier.response) as MakePaymentResult;
      }
    }
    const student = await lockStudent(tx, input.studentId);
    if (!student || student.createdBy !== by.uuid) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    // Read once the student is locked: the times of one student's records follow the order of the lock.
    const now = deps.clock();
    if (student.status === 'inactive') throw new DomainError('CONFLICT', messages.studentWithdrawnNoPayment);
    const amountPaise = toPaise(input.amountPaid);
    if (!isValidInstalment(amountPaise, student.remainingPaise)) {
      throw new DomainError('BAD_REQUEST', messages.paymentAmountInvalid);
    }
    const { remainingPaise } = balanceAfter(student.remainingPaise, amountPaise);
    if (input.newRemainingAmount !== undefined && toPaise(input.newRemainingAmount) !== remainingPaise) {
      throw new DomainError('CONFLICT', messages.balanceChanged);
    }
    // Issue 25: with the student's fee plan, the next due date is the plan's first instalment not yet covered.
    const paidPaise = student.paidPaise + amountPaise;
    const dueDate = dueDateFor({
      remainingPaise,
      dueDate: input.newDueDate,
      today: indianToday(now),
      plan: student.feePlan,
      paidPaise,
    });
    const balance = { paidPaise, remainingPaise, dueDate };
    const payment = await recordPayment(tx, {
      studentId: student.studentId,
      amountPaise,
      paymentMode: input.paymentMode,
      receiptNo: input.receiptNo,
      receiptPhoto,
      by,
      now,
      balance: {
        before: { paidPaise: student.paidPaise, remainingPaise: student.remainingPaise, dueDate: student.dueDate },
        after: balance,
      },
    });
    await setBalance(tx, student.studentId, balance);
    const result: MakePaymentResult = {
      message: messages.paymentSuccessful,
      paymentId: payment.paymentId,
      receiptNumber: payment.systemReceiptNo,
      amountRemaining: toRupees(remainingPaise),
      dueDate,
    };
    if (idempotencyKey)
      await storeIdempotentAnswer(tx, { userUuid: by.uuid, key: idempotencyKey, status: 201, response: result });
    return result;
  });
}

type StudentRow = Awaited<ReturnType<typeof lockStudent>> & {};
type PaymentRow = Awaited<ReturnType<typeof listPaymentsOfStudents>>[number];

const toPayment = (payment: PaymentRow): Payment => ({
  paymentId: payment.paymentId,
  receiptNo: payment.receiptNo,
  receiptNumber: payment.systemReceiptNo,
  amountPaid: toRupees(payment.amountPaise),
  createdAt: payment.createdAt.toISOString(),
  paymentMode: payment.paymentMode,
  receiptPhoto: `${PHOTO_URL_PREFIX}${payment.receiptPhoto}.jpg`,
  cancelledAt: payment.cancelledAt?.toISOString() ?? null,
  cancelReason: payment.cancelReason,
  isTaxReceipt: payment.gstin !== null,
});

const toSummary = (student: StudentRow): PaymentSummary => ({
  studentId: student.studentId,
  studentName: student.studentName,
  amountPaid: toRupees(student.paidPaise),
  amountRemaining: toRupees(student.remainingPaise),
  dueDate: student.dueDate,
  status: student.status,
  payments: [],
  refunds: [],
});

/** Each student's refunds (issue 25) into their summary. */
async function attachRefunds(db: Executor, summaries: Map<string, PaymentSummary>): Promise<void> {
  const refunds = await refundsByStudent(db, [...summaries.keys()]);
  for (const [studentId, list] of refunds) {
    const summary = summaries.get(studentId);
    if (summary) summary.refunds = list;
  }
}

/** Payment Records: each student with payments, newest payment first; counsellors their own students. */
export function listPaymentSummaries(db: Db, { by }: { by: Actor }): Promise<PaymentSummary[]> {
  // One snapshot: a refund committing meanwhile shows with its balance, or not at all.
  return readSnapshot(db, async (tx) => {
    const rows = await listPaymentsWithStudents(tx, by.role === 'admin' ? {} : { createdBy: by.uuid });
    const summaries = new Map<string, PaymentSummary>();
    for (const { payment, student } of rows) {
      let summary = summaries.get(student.studentId);
      if (!summary) {
        summary = toSummary(student);
        summaries.set(student.studentId, summary);
      }
      summary.payments.push(toPayment(payment));
    }
    await attachRefunds(tx, summaries);
    return [...summaries.values()];
  });
}

/**
 * One page of Payment Records (SPEC §2): the same rows as above, searched and filtered by the
 * database, so a page costs the same with 200 students or 20,000.
 */
export async function listPaymentSummariesPage(
  db: Db,
  { by, query }: { by: Actor; query: GetPaymentsQuery & { page: number } },
): Promise<Page<PaymentSummary>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  // The students' balances, their payments and their refunds from one snapshot: read as three statements
  // apart, a refund committing between them showed on the page with the balance from before it.
  return readSnapshot(db, async (tx) => {
    const { students, totalCount } = await listPaidStudentsPage(
      tx,
      {
        createdBy: by.role === 'admin' ? query.counsellor : by.uuid,
        standard: query.standard,
        search: query.search,
      },
      { offset: (query.page - 1) * limit, limit },
    );
    const summaries = students.map(toSummary);
    const byId = new Map(summaries.map((summary) => [summary.studentId, summary]));
    for (const payment of await listPaymentsOfStudents(tx, [...byId.keys()])) {
      byId.get(payment.studentId)?.payments.push(toPayment(payment));
    }
    await attachRefunds(tx, byId);
    return { data: summaries, totalCount, totalPages: totalPagesOf(totalCount, limit) };
  });
}
