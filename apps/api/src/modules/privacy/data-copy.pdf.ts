import { type AuditAction, type AuditEntity, auditActionVerbs, auditEntityLabels } from '@app/domain/audit.rules';
import { consentMethodLabels, consentStateLabels, dataRequestKindLabels } from '@app/domain/privacy.rules';
import type { StudentDataCopy } from '@app/domain/privacy.schemas';
import type { StudentRow } from '../../db/schema';
import { A4, createPdf, fields, header, type Pdf, section, table } from '../../lib/pdf/document';
import { formatDateTime, formatIsoDate, formatPaise } from '../../lib/pdf/format';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));
const when = (value: unknown) => (typeof value === 'string' ? formatDateTime(new Date(value)) : '-');

/** A section that lists rows as a table, or says there are none. */
function listSection(doc: Pdf, title: string, none: string, columns: Parameters<typeof table>[1], rows: string[][]) {
  section(doc, title);
  if (rows.length === 0) doc.font('regular').fontSize(9).text(none);
  else table(doc, columns, rows);
}

/**
 * A copy of a student's data as one PDF (DPDP Act s. 11): the same content as the machine-readable copy,
 * in words a family reads. Photos are listed (the JSON links them); the student photo is printed.
 */
export async function renderDataCopy({
  copy,
  student,
  centerName,
  photo,
}: {
  copy: StudentDataCopy;
  student: StudentRow;
  centerName: string;
  photo: Buffer | undefined;
}): Promise<Buffer> {
  const { doc, finish } = createPdf(`Data copy ${student.studentId}`);
  header(doc, 'Copy of a student’s data', `Everything held about ${student.studentName} on ${when(copy.generatedAt)}`);
  if (photo) {
    const top = doc.y;
    doc.image(photo, A4.width - A4.margin - 72, top, { fit: [72, 96] });
  }
  section(doc, 'Student', 420);
  fields(
    doc,
    [
      ['Student ID', student.studentId],
      ['Student Name', student.studentName],
      ['Gender', student.gender],
      ['Date of Birth', formatIsoDate(student.dob)],
      ["Mother's Name", student.motherName],
      ['Address', `${student.address}, ${student.pincode}`],
      ['Email', student.email],
      ['Student Number', student.studentNo],
      ['Parent Number', student.parentsNo],
      ['App / Notification No.', `${student.appNo} / ${student.notificationNo}`],
      ['Standard', `${student.standard} (${student.branch})`],
      ['School / College', student.schoolCollege],
      ['Previous Year %', `${(student.preYearPercentBp / 100).toFixed(2)} %`],
      ['Exam Centre', `${student.examCentreId} · ${centerName}`],
      ['Exam Year / Seat', `${student.examYear} / ${student.seatNumber ?? '-'}`],
      ['Status', student.status === 'active' ? 'Active' : `Withdrawn: ${student.withdrawalReason ?? ''}`],
      ['Parental consent', consentStateLabels[student.consentState]],
      ['Counsellor', `${student.counsellor} (${student.counsellorBranch})`],
      ['Registered', formatDateTime(student.createdAt)],
    ],
    420,
  );

  section(doc, `Fees: ${formatPaise(student.paidPaise)} paid of ${formatPaise(student.totalPaise)}`);
  table(
    doc,
    [
      { title: 'Date', width: 130 },
      { title: 'Receipt', width: 120 },
      { title: 'Mode', width: 80 },
      { title: 'Book no.', width: 85 },
      { title: 'Amount', width: 100, align: 'right' },
    ],
    copy.payments.map((payment: Row) => [
      when(payment.createdAt),
      text(payment.systemReceiptNo),
      text(payment.paymentMode),
      text(payment.receiptNo),
      formatPaise(Number(payment.amountPaise)),
    ]),
  );

  listSection(
    doc,
    'Marks',
    'No marks held.',
    [
      { title: 'Paper', width: 300 },
      { title: 'Marks', width: 100, align: 'right' },
      { title: 'Out of', width: 100, align: 'right' },
    ],
    copy.marks.map((mark: Row) => [
      `${text(mark.subjectCode)} ${text(mark.subjectName)}`,
      mark.absent ? 'Absent' : text(mark.marks),
      text(mark.maxMarks),
    ]),
  );

  listSection(
    doc,
    'Parental consent',
    'No consent recorded yet.',
    [
      { title: 'When', width: 130 },
      { title: 'Decision', width: 150 },
      { title: 'How', width: 135 },
      { title: 'By', width: 100 },
    ],
    copy.consents.map((consent: Row) => [
      when(consent.recordedAt),
      `${consentStateLabels[consent.decision as 'given']} (notice v${text(consent.noticeVersion)})`,
      consent.method ? consentMethodLabels[consent.method as 'code'] : '-',
      text(consent.recordedByName),
    ]),
  );

  listSection(
    doc,
    'Enquiries',
    'No enquiry held.',
    [
      { title: 'Date', width: 130 },
      { title: 'Name', width: 140 },
      { title: 'Standard', width: 70 },
      { title: 'Reason / notes', width: 175 },
    ],
    copy.enquiries.map((enquiry: Row) => [
      when(enquiry.createdAt),
      text(enquiry.studentName),
      text(enquiry.standard),
      text(enquiry.reason),
    ]),
  );

  const sent = copy.messages ?? [];
  listSection(
    doc,
    `Messages to the parent (${sent.length})`,
    'No message sent.',
    [
      { title: 'When', width: 130 },
      { title: 'To', width: 80 },
      { title: 'Status', width: 70 },
      { title: 'Text', width: 235 },
    ],
    sent.map((message: Row) => [
      when(message.createdAt),
      text(message.phone),
      text(message.status),
      text(message.body),
    ]),
  );

  section(doc, 'Photos held');
  table(
    doc,
    [
      { title: 'Photo', width: 200 },
      { title: 'Link', width: 315 },
    ],
    copy.photos.map((photoRow) => [photoRow.purpose, photoRow.url]),
  );

  if (copy.bookSets.length > 0 || copy.requests.length > 0) {
    section(doc, 'Books and requests');
    fields(doc, [
      ['Book sets given', copy.bookSets.map((set: Row) => text(set.bookSet)).join(', ') || '-'],
      [
        'Requests',
        copy.requests
          .map((request: Row) => `${dataRequestKindLabels[request.kind as 'copy']} (${text(request.status)})`)
          .join(', ') || '-',
      ],
    ]);
  }

  section(doc, `History of changes (${copy.history.length})`);
  table(
    doc,
    [
      { title: 'When', width: 130 },
      { title: 'Who', width: 130 },
      { title: 'What', width: 255 },
    ],
    copy.history.map((entry: Row) => [
      when(entry.at),
      text(entry.actorName),
      `${auditActionVerbs[entry.action as AuditAction] ?? text(entry.action)} ${auditEntityLabels[entry.entity as AuditEntity] ?? text(entry.entity)}`,
    ]),
  );
  doc
    .font('regular')
    .fontSize(8.5)
    .text('The machine-readable copy (JSON) holds the same data.', A4.margin, doc.y + 10, {
      width: A4.width - 2 * A4.margin,
    });
  return finish();
}
