import { amountInWords } from '@app/domain/money.rules';
import type { ExamCentreRow, PaymentRow, StudentRow } from '../../db/schema';
import { createPdf, fields, header, section, signatures, table, wideField } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';

/**
 * A fee receipt a counsellor hands a parent. With `payment` it is the receipt for that payment;
 * without, a statement of every payment so far. Either way it shows what remains.
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

  section(doc, 'Student');
  fields(doc, [
    ['Student ID', student.studentId],
    ['Standard', `${student.standard} (${student.branch})`],
    ['Student Name', student.studentName],
    ['Exam Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
  ]);

  if (payment) {
    section(doc, 'Payment received');
    fields(doc, [
      ['Receipt No.', payment.systemReceiptNo],
      ['Date', formatDateTime(payment.createdAt)],
      ['Counsellor Receipt No.', payment.receiptNo ?? '-'],
      ['Mode', payment.paymentMode],
      ['Amount', formatPaise(payment.amountPaise)],
    ]);
    wideField(doc, 'In words', amountInWords(payment.amountPaise));
  }

  section(doc, payment ? 'All payments' : 'Payments');
  table(
    doc,
    [
      { title: 'Date', width: 125 },
      { title: 'Receipt No.', width: 110 },
      { title: 'Counsellor Receipt', width: 100 },
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
    ['Course Fee', `${formatPaise(student.totalPaise)} (${student.paymentStandard})`],
    ['Total Paid', formatPaise(student.paidPaise)],
    ['Remaining', formatPaise(student.remainingPaise)],
    ['Due Date', student.remainingPaise > 0 ? formatIsoDate(student.dueDate) : 'Fully paid'],
  ]);
  wideField(doc, 'Total paid in words', amountInWords(student.paidPaise));

  section(doc, 'Counsellor');
  fields(doc, [
    ['Counsellor', student.counsellor],
    ['Branch', student.counsellorBranch],
  ]);
  signatures(doc, ["Parent's signature", 'Counsellor', 'Authorised signatory']);
  return finish();
}
