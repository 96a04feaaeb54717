import { accountAsOf, GST_SAC } from '@app/domain/corrections.rules';
import type { GstSettings } from '@app/domain/corrections.schemas';
import { RECEIPT_BOOK_NUMBER_LABEL, RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { amountInWords, ordinal } from '@app/domain/money.rules';
import type { ConcessionRow, ExamCentreRow, PaymentRow, RefundRow, StudentRow } from '../../db/schema';
import {
  A4,
  createPdf,
  fields,
  header,
  type Pdf,
  section,
  signatures,
  stamp,
  table,
  wideField,
} from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';
import { courseLine, feeLines, feesSection } from './fee-lines';

/** A cancelled receipt's mark: when and why (docs/decisions/016-receipt-corrections.md). */
export function cancelledNote(payment: PaymentRow): string | undefined {
  if (!payment.cancelledAt) return undefined;
  return `CANCELLED on ${formatDateTime(payment.cancelledAt)}. Reason: ${payment.cancelReason ?? ''}. This receipt is void and no longer counts as paid.`;
}

/** A tax receipt's part: the institute's GSTIN, SAC and the fee split as issued, and the bank details. */
function renderTax(doc: Pdf, payment: PaymentRow, gst: GstSettings | undefined): void {
  if (!payment.gstin || payment.taxablePaise === null) return;
  section(doc, 'Tax (GST, fee inclusive of tax)');
  fields(doc, [
    ['GSTIN', payment.gstin],
    ['SAC', `${GST_SAC} (coaching)`],
    ['Taxable value', formatPaise(payment.taxablePaise)],
    ['CGST 9%', formatPaise(payment.cgstPaise ?? 0)],
    ['SGST 9%', formatPaise(payment.sgstPaise ?? 0)],
    ['Total', formatPaise(payment.amountPaise)],
  ]);
  if (gst?.legalName) wideField(doc, 'Supplier', `${gst.legalName}, ${gst.address}`);
  if (gst?.bankName) wideField(doc, 'Bank', `${gst.bankName} · A/c ${gst.bankAccount} · IFSC ${gst.ifsc}`);
}

/** What the fee documents read of a student beyond their row: the course's name and their money's history. */
export type FeeRecord = {
  /** The course registered on (undefined for a student without one: the payment standard is printed). */
  courseName: string | undefined;
  /** Oldest first. */
  payments: PaymentRow[];
  refunds: RefundRow[];
  concessions: ConcessionRow[];
};

/**
 * The receipt of one payment, for the parent to keep: receipt number and date, the student and their
 * course, this payment in figures and in words, its mode, which instalment it is, what was owed, paid in
 * all and what remained right after it (docs/decisions/016-receipt-corrections.md: a receipt is a record
 * of its moment; what happened since does not change it), 'Received with thanks' and a signature line.
 */
function renderSinglePayment(
  doc: Pdf,
  {
    student,
    centre,
    record,
    payment,
    gst,
  }: {
    student: StudentRow;
    centre: ExamCentreRow;
    record: FeeRecord;
    payment: PaymentRow;
    gst: GstSettings | undefined;
  },
): void {
  const note = cancelledNote(payment);
  if (note) stamp(doc, 'CANCELLED', note);
  // The payments issued up to this one (the student's lock ordered them by id), as they stood then.
  const issued = record.payments.filter((row) => row.paymentId <= payment.paymentId);
  const at = payment.createdAt;
  const account = accountAsOf({ at, feePaise: student.feePaise, ...record, payments: issued });
  const instalment = issued.filter((row) => !row.cancelledAt || row.cancelledAt > at).length;
  const isLatest = record.payments.filter((row) => !row.cancelledAt).at(-1)?.paymentId === payment.paymentId;
  const dueNow = isLatest && !note && account.balancePaise === student.remainingPaise;
  const courseName = record.courseName ?? student.paymentStandard;

  fields(doc, [
    [RECEIPT_NUMBER_LABEL, payment.systemReceiptNo],
    ['Date', formatDateTime(payment.createdAt)],
    ['Student Name', student.studentName],
    ['Student ID', student.studentId],
    ['Standard', `${student.standard} (${student.branch})`],
    ['Exam Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
  ]);
  courseLine(doc, student, record.courseName);

  section(doc, 'Payment');
  fields(doc, [
    ['Amount', formatPaise(payment.amountPaise)],
    ['Instalment', `${ordinal(instalment)} instalment`],
    ['Mode', payment.paymentMode],
    [RECEIPT_BOOK_NUMBER_LABEL, payment.receiptNo ?? '-'],
  ]);
  wideField(doc, 'In words', amountInWords(payment.amountPaise));
  renderTax(doc, payment, gst);

  section(doc, 'After this payment');
  fields(doc, [
    ...feeLines(student, account.owedPaise),
    ['Total Paid', formatPaise(account.paidPaise)],
    ['Balance', formatPaise(account.balancePaise)],
    [
      'Next Due Date',
      account.balancePaise === 0 ? 'Fully paid' : dueNow ? formatIsoDate(student.dueDate) : 'See the latest receipt',
    ],
  ]);

  doc.y += 14;
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor('#0f172a')
    .text(
      `Received with thanks from ${student.studentName} (${student.studentId}) the sum of ${amountInWords(payment.amountPaise)} (${formatPaise(payment.amountPaise)}) by ${payment.paymentMode}, towards the ${ordinal(instalment)} instalment of the fee for ${courseName}.`,
      A4.margin,
      doc.y,
      { width: A4.width - 2 * A4.margin },
    );
  doc.y += 6;
  fields(doc, [
    ['Counsellor', student.counsellor],
    ['Branch', student.counsellorBranch],
  ]);
  signatures(doc, ["Parent's signature", 'Received by (signature)']);
}

/**
 * A fee receipt a counsellor hands a parent. With `payment` it is the receipt for that payment
 * alone (as it stood right after it); without, a statement of every payment so far.
 */
export async function renderPaymentReceipt({
  student,
  centre,
  record,
  payment,
  gst,
  printedAt,
}: {
  student: StudentRow;
  centre: ExamCentreRow;
  record: FeeRecord;
  payment: PaymentRow | undefined;
  gst?: GstSettings | undefined;
  /** Now, as the app's clock says. */
  printedAt: Date;
}): Promise<Buffer> {
  const { payments, refunds } = record;
  const kind = payment?.gstin ? 'Tax Receipt' : 'Fee Receipt';
  const title = payment ? `${kind} ${payment.systemReceiptNo}` : 'Fee Statement';
  const { doc, finish } = createPdf(`${title} ${student.studentId}`);
  header(doc, payment ? kind : 'Fee Statement', `Printed on ${formatDateTime(printedAt)}`);
  if (payment) {
    renderSinglePayment(doc, { student, centre, record, payment, gst });
    return finish();
  }

  section(doc, 'Student');
  fields(doc, [
    ['Student ID', student.studentId],
    ['Standard', `${student.standard} (${student.branch})`],
    ['Student Name', student.studentName],
    ['Exam Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
  ]);
  courseLine(doc, student, record.courseName);

  section(doc, 'Payments');
  table(
    doc,
    [
      { title: 'Date', width: 125 },
      { title: RECEIPT_NUMBER_LABEL, width: 110 },
      { title: RECEIPT_BOOK_NUMBER_LABEL, width: 100 },
      { title: 'Mode', width: 70 },
      { title: 'Amount', width: 110, align: 'right' },
    ],
    payments.map((row) => [
      formatDateTime(row.createdAt),
      row.systemReceiptNo,
      row.receiptNo ?? '-',
      row.paymentMode,
      row.cancelledAt ? `CANCELLED ${formatPaise(row.amountPaise)}` : formatPaise(row.amountPaise),
    ]),
  );
  const cancelled = payments.filter((row) => row.cancelledAt);
  for (const row of cancelled) wideField(doc, `${row.systemReceiptNo}`, cancelledNote(row) ?? '');
  if (refunds.length > 0) {
    section(doc, 'Refunds');
    table(
      doc,
      [
        { title: 'Date', width: 95 },
        { title: 'Voucher number', width: 120 },
        { title: 'Mode', width: 70 },
        { title: 'Reason', width: 120 },
        { title: 'Amount', width: 110, align: 'right' },
      ],
      refunds.map((row) => [
        formatIsoDate(row.refundedOn),
        row.voucherNo,
        row.refundMode,
        row.reason,
        formatPaise(row.amountPaise),
      ]),
    );
  }

  feesSection(doc, student, { paidLabel: 'Total Paid' });
  wideField(doc, 'Total paid in words', amountInWords(student.paidPaise));

  section(doc, 'Counsellor');
  fields(doc, [
    ['Counsellor', student.counsellor],
    ['Branch', student.counsellorBranch],
  ]);
  signatures(doc, ["Parent's signature", 'Counsellor', 'Authorised signatory']);
  return finish();
}
