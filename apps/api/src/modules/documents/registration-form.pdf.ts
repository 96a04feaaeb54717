import { RECEIPT_BOOK_NUMBER_LABEL, RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import type { ExamCentreRow, PaymentRow, StudentRow } from '../../db/schema';
import { createPdf, fields, fieldsBesidePhoto, header, section, signatures, table } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';
import { feesSection } from './fee-lines';

const PHOTO = { width: 90, height: 120 };

/** The registration form an institute hands a parent: every detail, the photo, the centre, the fees. */
export async function renderRegistrationForm({
  student,
  centre,
  courseName,
  payments,
  photo,
}: {
  student: StudentRow;
  centre: ExamCentreRow;
  /** The course registered on (undefined: the payment standard is printed). */
  courseName: string | undefined;
  payments: PaymentRow[];
  photo: Buffer | undefined;
}): Promise<Buffer> {
  const { doc, finish } = createPdf(`Registration form ${student.studentId}`);
  header(doc, 'Student Registration Form', `Registered on ${formatDateTime(student.createdAt)}`);

  fieldsBesidePhoto(doc, {
    title: 'Student',
    pairs: [
      ['Student ID', student.studentId],
      ['Gender', student.gender],
      ['Student Name', student.studentName],
      ['Date of Birth', formatIsoDate(student.dob)],
      ["Mother's Name", student.motherName],
      ['Pincode', student.pincode],
      ['Address', student.address],
    ],
    photo,
    size: PHOTO,
    gap: 10,
    placeholder: 'No photo',
  });

  section(doc, 'Education');
  fields(doc, [
    ['Standard', student.standard],
    ['Medium / Group', student.branch],
    ['Previous Year', student.previousYear],
    ['Previous Year %', `${(student.preYearPercentBp / 100).toFixed(2)} %`],
    ['School / College', student.schoolCollege],
    ['Exam Year', String(student.examYear)],
  ]);

  section(doc, 'Contact');
  fields(doc, [
    ['Email', student.email],
    ['Student Number', student.studentNo],
    ['Parent Number', student.parentsNo],
    ['App Number', student.appNo],
    ['Notification Number', student.notificationNo],
  ]);

  section(doc, 'Exam Centre');
  fields(doc, [
    ['Centre', `${String(centre.centerId).padStart(4, '0')} · ${centre.centerName}`],
    ['College', centre.collegeName],
  ]);

  feesSection(doc, student, { paidLabel: 'Paid', course: { name: courseName } });
  if (payments.length > 0) {
    doc.y += 4;
    table(
      doc,
      [
        { title: 'Date', width: 130 },
        { title: 'Mode', width: 70 },
        { title: RECEIPT_NUMBER_LABEL, width: 110 },
        { title: RECEIPT_BOOK_NUMBER_LABEL, width: 100 },
        { title: 'Amount', width: 105, align: 'right' },
      ],
      payments.map((payment) => [
        formatDateTime(payment.createdAt),
        payment.paymentMode,
        payment.systemReceiptNo,
        payment.receiptNo ?? '-',
        formatPaise(payment.amountPaise),
      ]),
    );
  }

  section(doc, 'Counsellor');
  fields(doc, [
    ['Counsellor', student.counsellor],
    ['Branch', student.counsellorBranch],
  ]);

  signatures(doc, ["Student's signature", "Parent's signature", 'Counsellor']);
  return finish();
}
