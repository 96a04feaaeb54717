import { RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { amountInWords } from '@app/domain/money.rules';
import type { PaymentRow, RefundRow, StudentRow } from '../../db/schema';
import { createPdf, fields, header, section, signatures, wideField } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';

/**
 * The voucher of money paid back to a family: its own number, the receipt it was paid against, the
 * amount in figures and words, mode, date, reason and who paid it, and the student's account after it.
 */
export async function renderRefundVoucher({
  student,
  payment,
  refund,
  paidBy,
}: {
  student: StudentRow;
  payment: PaymentRow;
  refund: RefundRow;
  paidBy: string;
}): Promise<Buffer> {
  const { doc, finish } = createPdf(`Refund Voucher ${refund.voucherNo} ${student.studentId}`);
  header(doc, 'Refund Voucher', `Printed on ${formatDateTime(new Date())}`);
  fields(doc, [
    ['Voucher No.', refund.voucherNo],
    ['Refunded on', formatIsoDate(refund.refundedOn)],
    ['Student Name', student.studentName],
    ['Student ID', student.studentId],
    [`Against ${RECEIPT_NUMBER_LABEL}`, payment.systemReceiptNo],
    ['Receipt amount', formatPaise(payment.amountPaise)],
  ]);
  section(doc, 'Refund');
  fields(doc, [
    ['Amount', formatPaise(refund.amountPaise)],
    ['Mode', refund.refundMode],
    ['Paid by', paidBy],
    ['Recorded', formatDateTime(refund.createdAt)],
  ]);
  wideField(doc, 'In words', amountInWords(refund.amountPaise));
  wideField(doc, 'Reason', refund.reason);
  section(doc, 'Fee account now');
  fields(doc, [
    ['Course Fee', `${formatPaise(student.totalPaise)} (${student.paymentStandard})`],
    ['Total Paid', formatPaise(student.paidPaise)],
    ['Balance', formatPaise(student.remainingPaise)],
    ['Due Date', student.remainingPaise > 0 ? formatIsoDate(student.dueDate) : 'Fully paid'],
  ]);
  signatures(doc, ["Received by (parent's signature)", 'Paid by (signature)', 'Authorised signatory']);
  return finish();
}
