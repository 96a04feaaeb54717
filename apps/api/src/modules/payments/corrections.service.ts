import { refundablePaise } from '@app/domain/corrections.rules';
import type {
  CancellationRequest,
  CorrectionResponse,
  cancelPaymentRequest,
  decideCancellationRequest,
  GstSettings,
  gstSettingsRequest,
  Refund,
  RequestStatus,
  refundRequest,
} from '@app/domain/corrections.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { dueDateFor } from '@app/domain/due-date.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import type { PaymentRow, StudentRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { lockCounsellor } from '../collections/collections.repository';
import { counsellorBalancePaise } from '../collections/collections.service';
import {
  decideCancellationRow,
  findPayment,
  findRefund,
  insertCancellationRequest,
  insertRefund,
  listRefundRowsOfStudent,
  listRefundsOfStudents,
  listCancellationRequests as listRequestRows,
  lockCancellationRequest,
  lockPayment,
  markCancelled,
  pendingRequestsOf,
  readGstSettings,
  refundedAgainst,
  writeGstSettings,
} from './corrections.repository';
import { lockStudent, setBalance } from './payments.repository';
import { issueVoucherNumber } from './receipt-series';

/**
 * Corrections of money received (issue 25, docs/decisions/016-receipt-corrections.md): a receipt is
 * cancelled (it stays, marked), money is refunded (a record of its own). Each is one transaction that
 * recomputes the student's balance from the stored one and writes its audit entry in words.
 */

type Balance = { paidPaise: number; remainingPaise: number; dueDate: string | null };

/**
 * The student's balance once `lessPaidPaise` no longer counts as paid: paid = non-cancelled payments −
 * refunds, balance = fee (less concessions, the student's total) − paid. The due date comes from the one
 * due-date rule: a date the admin gives now, else the one the student carries; a student who had paid
 * everything needs one given.
 */
function balanceWithout(
  student: StudentRow,
  { lessPaidPaise, dueDate, today }: { lessPaidPaise: number; dueDate: string | undefined; today: string },
): Balance {
  const paidPaise = student.paidPaise - lessPaidPaise;
  const remainingPaise = student.totalPaise - paidPaise;
  // A fee plan decides the date from what is still paid; without one, the date the student already
  // carries stood before this correction and is kept (even when passed) unless the admin gives another.
  return {
    paidPaise,
    remainingPaise,
    dueDate: dueDateFor({ remainingPaise, dueDate, today, plan: student.feePlan, paidPaise, kept: student.dueDate }),
  };
}

const balanceOf = (student: StudentRow): Balance => ({
  paidPaise: student.paidPaise,
  remainingPaise: student.remainingPaise,
  dueDate: student.dueDate,
});

const answer = (message: string, balance: Balance, extra: Partial<CorrectionResponse> = {}): CorrectionResponse => ({
  message,
  amountPaid: toRupees(balance.paidPaise),
  amountRemaining: toRupees(balance.remainingPaise),
  dueDate: balance.dueDate,
  ...extra,
});

/**
 * Cancels a receipt inside the caller's transaction. Locks, in docs/decisions/009-lock-order.md's order:
 * the counsellor's row who took the money (their cash account changes, as a settlement's), then the
 * student, then the payment. A pending request for the receipt is closed as approved.
 */
async function cancelInTransaction(
  tx: Tx,
  {
    paymentId,
    reason,
    dueDate,
    by,
    clock,
  }: { paymentId: number; reason: string; dueDate: string | undefined; by: Actor; clock: () => Date },
): Promise<CorrectionResponse> {
  // Who took the money and for whom never change: read before the locks that depend on them.
  const unlocked = await findPayment(tx, paymentId);
  if (!unlocked) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
  const counsellor = await lockCounsellor(tx, unlocked.createdBy);
  const student = await lockStudent(tx, unlocked.studentId);
  const payment = await lockPayment(tx, paymentId);
  if (!student || !payment || !counsellor) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
  if (payment.cancelledAt) throw new DomainError('CONFLICT', messages.paymentAlreadyCancelled);
  if ((await refundedAgainst(tx, paymentId)) > 0) throw new DomainError('CONFLICT', messages.paymentHasRefunds);
  // Read once the student is locked: the times of one student's records follow the order of the lock.
  const now = clock();

  const balance = balanceWithout(student, { lessPaidPaise: payment.amountPaise, dueDate, today: indianToday(now) });
  await markCancelled(tx, paymentId, { cancelledBy: by.uuid, cancelReason: reason, cancelledAt: now });
  await setBalance(tx, student.studentId, balance);
  for (const request of await pendingRequestsOf(tx, paymentId)) {
    await decideCancellationRow(tx, request.id, { status: 'approved', rejectionReason: null, decidedBy: by.uuid });
  }
  const counsellorBalance = await counsellorBalancePaise(tx, counsellor);
  await recordAudit(tx, {
    by,
    entity: 'payment',
    entityId: paymentId,
    entityName: `Receipt ${payment.systemReceiptNo}`,
    studentId: student.studentId,
    action: 'cancel',
    before: { cancelled: false, ...balanceOf(student) },
    after: { cancelled: true, cancelReason: reason, ...balance },
  });
  return answer(
    messages.receiptCancelled,
    balance,
    counsellorBalance < 0 ? { warning: messages.counsellorOverSettled } : {},
  );
}

/** An admin cancels a receipt with a reason. */
export async function cancelPayment(
  deps: Pick<Deps, 'db' | 'clock'>,
  { paymentId, input, by }: { paymentId: number; input: z.output<typeof cancelPaymentRequest>; by: Actor },
): Promise<CorrectionResponse> {
  return deps.db.transaction((tx) =>
    cancelInTransaction(tx, { paymentId, reason: input.reason, dueDate: input.dueDate, by, clock: deps.clock }),
  );
}

/** A counsellor asks for a cancellation of their own student's receipt; one request waits at a time. */
export async function requestCancellation(
  deps: Pick<Deps, 'db'>,
  { paymentId, reason, by }: { paymentId: number; reason: string; by: Actor },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const payment = await findPayment(tx, paymentId);
    const student = payment ? await lockStudent(tx, payment.studentId) : undefined;
    if (!payment || !student || (by.role !== 'admin' && student.createdBy !== by.uuid)) {
      throw new DomainError('NOT_FOUND', messages.paymentNotFound);
    }
    if (payment.cancelledAt) throw new DomainError('CONFLICT', messages.paymentAlreadyCancelled);
    const row = await insertCancellationRequest(tx, { paymentId, reason, requestedBy: by.uuid });
    if (!row) throw new DomainError('CONFLICT', messages.cancellationAlreadyRequested);
    await recordAudit(tx, {
      by,
      entity: 'cancellation_request',
      entityId: row.id,
      entityName: `Receipt ${payment.systemReceiptNo}`,
      studentId: student.studentId,
      action: 'create',
      after: { requestStatus: 'Waiting for an admin', reason },
    });
  });
}

/** An admin approves (the receipt is cancelled) or rejects a request, once. */
export async function decideCancellation(
  deps: Pick<Deps, 'db' | 'clock'>,
  { id, input, by }: { id: number; input: z.output<typeof decideCancellationRequest>; by: Actor },
): Promise<CorrectionResponse | { message: string }> {
  return deps.db.transaction(async (tx) => {
    // First in the lock order: the request being decided (as a settlement being decided).
    const request = await lockCancellationRequest(tx, id);
    if (!request) throw new DomainError('NOT_FOUND', messages.cancellationRequestNotFound);
    if (request.status !== 'pending') throw new DomainError('CONFLICT', messages.cancellationAlreadyDecided);
    const payment = await findPayment(tx, request.paymentId);
    if (input.status === 'approved') {
      return cancelInTransaction(tx, {
        paymentId: request.paymentId,
        reason: request.reason,
        dueDate: input.dueDate,
        by,
        clock: deps.clock,
      });
    }
    const rejectionReason = input.reason ?? '';
    await decideCancellationRow(tx, id, { status: 'rejected', rejectionReason, decidedBy: by.uuid });
    await recordAudit(tx, {
      by,
      entity: 'cancellation_request',
      entityId: id,
      entityName: payment ? `Receipt ${payment.systemReceiptNo}` : null,
      studentId: payment?.studentId,
      action: 'reject',
      before: { requestStatus: 'Waiting for an admin' },
      after: { requestStatus: 'Rejected', rejectionReason },
    });
    return { message: messages.cancellationRejected };
  });
}

export async function listCancellationRequests(
  db: Db,
  { status }: { status?: RequestStatus | undefined },
): Promise<CancellationRequest[]> {
  return (await listRequestRows(db, status)).map(({ request, payment, studentName, byName }) => ({
    id: request.id,
    paymentId: payment.paymentId,
    receiptNumber: payment.systemReceiptNo,
    amountPaid: toRupees(payment.amountPaise),
    studentId: payment.studentId,
    studentName,
    reason: request.reason,
    requestedBy: byName,
    status: request.status,
    rejectionReason: request.rejectionReason,
    createdAt: request.createdAt.toISOString(),
  }));
}

/**
 * An admin pays money back against a receipt. Locks (docs/decisions/009-lock-order.md): the student, the
 * payment, then the refund counter last (gapless vouchers). Never more than the receipt less its earlier
 * refunds, nor more than the student has paid; a cancelled receipt cannot be refunded.
 */
export async function refundPayment(
  deps: Pick<Deps, 'db' | 'clock'>,
  { input, by }: { input: z.output<typeof refundRequest>; by: Actor },
): Promise<CorrectionResponse> {
  const amountPaise = toPaise(input.amount);
  return deps.db.transaction(async (tx) => {
    const unlocked = await findPayment(tx, input.paymentId);
    if (!unlocked) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
    const student = await lockStudent(tx, unlocked.studentId);
    const payment = await lockPayment(tx, input.paymentId);
    if (!student || !payment) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
    if (payment.cancelledAt) throw new DomainError('CONFLICT', messages.refundOfCancelledPayment);
    // Read once the student is locked: the times of one student's records follow the order of the lock.
    const now = deps.clock();
    const today = indianToday(now);
    const refundable = refundablePaise({
      paymentPaise: payment.amountPaise,
      cancelled: false,
      refundedAgainstPaymentPaise: await refundedAgainst(tx, payment.paymentId),
      studentPaidPaise: student.paidPaise,
    });
    if (amountPaise > refundable) throw new DomainError('BAD_REQUEST', messages.refundAmountInvalid);
    const balance = balanceWithout(student, { lessPaidPaise: amountPaise, dueDate: input.dueDate, today });
    const voucherNo = await issueVoucherNumber(tx, today);
    const row = await insertRefund(tx, {
      voucherNo,
      studentId: student.studentId,
      paymentId: payment.paymentId,
      amountPaise,
      refundMode: input.refundMode,
      refundedOn: input.refundedOn,
      reason: input.reason,
      createdBy: by.uuid,
      createdAt: now,
    });
    await setBalance(tx, student.studentId, balance);
    await recordAudit(tx, {
      by,
      entity: 'refund',
      entityId: row.id,
      entityName: `Voucher ${voucherNo} against receipt ${payment.systemReceiptNo}`,
      studentId: student.studentId,
      action: 'create',
      before: balanceOf(student),
      after: {
        voucherNo,
        amountPaise,
        refundMode: input.refundMode,
        refundedOn: input.refundedOn,
        reason: input.reason,
        ...balance,
      },
    });
    return answer(messages.refundRecorded, balance, { voucherNumber: voucherNo, refundId: row.id });
  });
}

type RefundListRow = Awaited<ReturnType<typeof listRefundsOfStudents>>[number];

export const toRefund = ({ refund, byName }: RefundListRow): Refund => ({
  refundId: refund.id,
  voucherNumber: refund.voucherNo,
  paymentId: refund.paymentId,
  amount: toRupees(refund.amountPaise),
  refundMode: refund.refundMode,
  refundedOn: refund.refundedOn,
  reason: refund.reason,
  createdBy: byName,
  createdAt: refund.createdAt.toISOString(),
});

/** The refunds of these students, by student, newest first (Payment Records, the student's history). */
export async function refundsByStudent(db: Executor, studentIds: string[]): Promise<Map<string, Refund[]>> {
  const byStudent = new Map<string, Refund[]>();
  for (const row of await listRefundsOfStudents(db, studentIds)) {
    const list = byStudent.get(row.refund.studentId) ?? [];
    list.push(toRefund(row));
    byStudent.set(row.refund.studentId, list);
  }
  return byStudent;
}

/** A student's refunds, oldest first (the fee statement). */
export async function refundsOfStudent(db: Executor, studentId: string) {
  return listRefundRowsOfStudent(db, studentId);
}

/** A refund and the receipt it was paid against, for its voucher. */
export async function findRefundWithPayment(db: Executor, refundId: number) {
  const refund = await findRefund(db, refundId);
  const payment: PaymentRow | undefined = refund ? await findPayment(db, refund.paymentId) : undefined;
  return refund && payment ? { refund, payment } : undefined;
}

// GST settings ----------------------------------------------------------------------------------------

export async function getGstSettings(db: Executor): Promise<GstSettings> {
  const row = await readGstSettings(db);
  return {
    enabled: Boolean(row?.gstin),
    gstin: row?.gstin ?? '',
    legalName: row?.legalName ?? '',
    address: row?.address ?? '',
    bankName: row?.bankName ?? '',
    bankAccount: row?.bankAccount ?? '',
    ifsc: row?.ifsc ?? '',
  };
}

/** An admin sets (or, with a blank GSTIN, turns off) GST receipts; audited. */
export async function setGstSettings(
  db: Db,
  { input, by }: { input: z.output<typeof gstSettingsRequest>; by: Actor },
): Promise<GstSettings> {
  const values = {
    gstin: input.gstin ?? null,
    legalName: input.legalName,
    address: input.address,
    bankName: input.bankName ?? '',
    bankAccount: input.bankAccount ?? '',
    ifsc: input.ifsc ?? '',
  };
  await db.transaction(async (tx) => {
    const before = await readGstSettings(tx);
    await writeGstSettings(tx, values);
    await recordAudit(tx, {
      by,
      entity: 'gst_settings',
      entityId: 'gst',
      action: 'update',
      before: before ?? {},
      after: values,
    });
  });
  return getGstSettings(db);
}
