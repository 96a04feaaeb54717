import { accountAsOf } from '@app/domain/corrections.rules';
import { RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { amountInWords } from '@app/domain/money.rules';
import type { PaymentRow, RefundRow, StudentRow } from '../../db/schema';
import { createPdf, fields, header, section, signatures, wideField } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';
import { courseLine, feeLines } from './fee-lines';
import type { FeeRecord } from './payment-receipt.pdf';

/**
 * The voucher of money paid back to a family: its own number, the student and their course, the receipt
 * it was paid against, the amount in figures and words, mode, date, reason and who paid it, and the
 * student's account right after it (as a receipt, a record of its moment: later events do not change it).
 */
export async function renderRefundVoucher({
  student,
  record,
  payment,
  refund,
  paidBy,
  printedAt,
}: {
  student: StudentRow;
  record: FeeRecord;
  payment: PaymentRow;
  refund: RefundRow;
  paidBy: string;
  /** Now, as the app's clock says. */
  printedAt: Date;
}): Promise<Buffer> {
  const at = refund.createdAt;
  const refunds = record.refunds.filter((row) => row.id <= refund.id);
  const account = accountAsOf({ at, feePaise: student.feePaise, ...record, refunds });
  const isLatest = account.balancePaise === student.remainingPaise && record.refunds.at(-1)?.id === refund.id;
  const { doc, finish } = createPdf(`Refund Voucher ${refund.voucherNo} ${student.studentId}`);
  header(doc, 'Refund Voucher', `Printed on ${formatDateTime(printedAt)}`);
  fields(doc, [
    ['Voucher No.', refund.voucherNo],
    ['Refunded on', formatIsoDate(refund.refundedOn)],
    ['Student Name', student.studentName],
    ['Student ID', student.studentId],
    [`Against ${RECEIPT_NUMBER_LABEL}`, payment.systemReceiptNo],
    ['Receipt amount', formatPaise(payment.amountPaise)],
  ]);
  courseLine(doc, student, record.courseName);
  section(doc, 'Refund');
  fields(doc, [
    ['Amount', formatPaise(refund.amountPaise)],
    ['Mode', refund.refundMode],
    ['Paid by', paidBy],
    ['Recorded', formatDateTime(refund.createdAt)],
  ]);
  wideField(doc, 'In words', amountInWords(refund.amountPaise));
  wideField(doc, 'Reason', refund.reason);
  section(doc, 'After this refund');
  fields(doc, [
    ...feeLines(student, account.owedPaise),
    ['Total Paid', formatPaise(account.paidPaise)],
    ['Balance', formatPaise(account.balancePaise)],
    [
      'Due Date',
      account.balancePaise === 0 ? 'Fully paid' : isLatest ? formatIsoDate(student.dueDate) : 'See the latest receipt',
    ],
  ]);
  signatures(doc, ["Received by (parent's signature)", 'Paid by (signature)', 'Authorised signatory']);
  return finish();
}
