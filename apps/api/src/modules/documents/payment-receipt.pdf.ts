import { RECEIPT_BOOK_NUMBER_LABEL, RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { amountInWords, ordinal } from '@app/domain/money.rules';
import type { ExamCentreRow, PaymentRow, StudentRow } from '../../db/schema';
import { A4, createPdf, fields, header, type Pdf, section, signatures, table, wideField } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';
import { feeLines, feePlanLine } from './fee-lines';

/**
 * The receipt of one payment, for the parent to keep: receipt number and date, the student, this
 * payment in figures and in words, its mode, which instalment it is, what was paid in all and what
 * remained right after it, 'Received with thanks' and a signature line.
 */
function renderSinglePayment(
  doc: Pdf,
  {
    student,
    centre,
    payments,
    payment,
  }: { student: StudentRow; centre: ExamCentreRow; payments: PaymentRow[]; payment: PaymentRow },
): void {
  // Payments come oldest first: this one's place, and the sums up to and including it.
  const upTo = payments.slice(0, payments.findIndex((row) => row.paymentId === payment.paymentId) + 1);
  const paidAfter = upTo.reduce((sum, row) => sum + row.amountPaise, 0);
  const balanceAfter = student.totalPaise - paidAfter;
  const isLatest = payments.at(-1)?.paymentId === payment.paymentId;

  fields(doc, [
    [RECEIPT_NUMBER_LABEL, payment.systemReceiptNo],
    ['Date', formatDateTime(payment.createdAt)],
    ['Student Name', student.studentName],
    ['Student ID', student.studentId],
    ['Standard', `${student.standard} (${student.branch})`],
    ['Exam Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
  ]);

  section(doc, 'Payment');
  fields(doc, [
    ['Amount', formatPaise(payment.amountPaise)],
    ['Instalment', `${ordinal(upTo.length)} instalment`],
    ['Mode', payment.paymentMode],
    [RECEIPT_BOOK_NUMBER_LABEL, payment.receiptNo ?? '-'],
  ]);
  wideField(doc, 'In words', amountInWords(payment.amountPaise));

  section(doc, 'After this payment');
  fields(doc, [
    ...feeLines(student),
    ['Total Paid', formatPaise(paidAfter)],
    ['Balance', formatPaise(balanceAfter)],
    [
      'Next Due Date',
      balanceAfter === 0 ? 'Fully paid' : isLatest ? formatIsoDate(student.dueDate) : 'See the latest receipt',
    ],
  ]);

  doc.y += 14;
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor('#0f172a')
    .text(
      `Received with thanks from ${student.studentName} (${student.studentId}) the sum of ${amountInWords(payment.amountPaise)} (${formatPaise(payment.amountPaise)}) by ${payment.paymentMode}, towards the ${ordinal(upTo.length)} instalment of the ${student.paymentStandard} mock board exam fee.`,
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
  payments,
  payment,
}: {
  student: StudentRow;
  centre: ExamCentreRow;
  payments: PaymentRow[];
  payment: PaymentRow | undefined;
}): Promise<Buffer> {
  const title = payment ? `Fee Receipt ${payment.systemReceiptNo}` : 'Fee Statement';
  const { doc, finish } = createPdf(`${title} ${student.studentId}`);
  header(doc, payment ? 'Fee Receipt' : 'Fee Statement', `Printed on ${formatDateTime(new Date())}`);
  if (payment) {
    renderSinglePayment(doc, { student, centre, payments, payment });
    return finish();
  }

  section(doc, 'Student');
  fields(doc, [
    ['Student ID', student.studentId],
    ['Standard', `${student.standard} (${student.branch})`],
    ['Student Name', student.studentName],
    ['Exam Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
  ]);

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
      formatPaise(row.amountPaise),
    ]),
  );

  section(doc, 'Fees');
  fields(doc, [
    ...feeLines(student),
    ['Total Paid', formatPaise(student.paidPaise)],
    ['Remaining', formatPaise(student.remainingPaise)],
    ['Due Date', student.remainingPaise > 0 ? formatIsoDate(student.dueDate) : 'Fully paid'],
  ]);
  feePlanLine(doc, student);
  wideField(doc, 'Total paid in words', amountInWords(student.paidPaise));

  section(doc, 'Counsellor');
  fields(doc, [
    ['Counsellor', student.counsellor],
    ['Branch', student.counsellorBranch],
  ]);
  signatures(doc, ["Parent's signature", 'Counsellor', 'Authorised signatory']);
  return finish();
}
