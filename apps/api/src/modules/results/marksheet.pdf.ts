import { SEAT_NUMBER_LABEL } from '@app/domain/exam.rules';
import type { ResultResponse } from '@app/domain/exam.schemas';
import { markText, NOT_ENTERED } from '@app/domain/marks.rules';
import { gradeScale, PASS_PERCENT, resultLabels } from '@app/domain/results.rules';
import { siteName } from '@app/domain/site';
import { A4, createPdf, fields, fieldsBesidePhoto, header, section, signatures, table } from '../../lib/pdf/document';
import { drawQr } from '../../lib/pdf/qr';

const PHOTO = { width: 80, height: 106 };
const QR_SIZE = 84;

export type Marksheet = {
  result: ResultResponse;
  photo: Buffer | undefined;
  /** The public verification address the QR code opens; none without a seat number. */
  verifyUrl: string | undefined;
};

/**
 * The statement of marks a student downloads from the Result page: their photo, the marks (AB for an
 * absent paper, '—' for one not entered yet), the result as results.rules defines it, and a QR code to
 * the verification page. While a paper is not entered it says Provisional, with no total or percentage.
 */
export async function renderMarksheet({ result, photo, verifyUrl }: Marksheet): Promise<Buffer> {
  const provisional = result.result === 'PENDING';
  const { doc, finish } = createPdf(`Marksheet ${result.studentId}`);
  header(
    doc,
    `${provisional ? 'Provisional ' : ''}Statement of Marks · Mock Board Examination ${result.examYear}`,
    `${SEAT_NUMBER_LABEL} ${result.seatNumber ?? '-'}`,
  );
  if (provisional) {
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('#b91c1c')
      .text('PROVISIONAL: marks of some papers are not entered yet. This statement is not final.', A4.margin, doc.y, {
        width: A4.width - 2 * A4.margin - PHOTO.width - 16,
      });
  }
  fieldsBesidePhoto(doc, {
    title: 'Student Information',
    pairs: [
      ['Student Name', result.studentName],
      ['Student ID', result.studentId],
      ["Mother's Name", result.motherName],
      ['Class', result.class],
      ['Medium / Group', result.branch],
      ['Seat Number', result.seatNumber ?? '-'],
      ['Centre', result.centre],
    ],
    photo,
    size: PHOTO,
    gap: 6,
  });

  section(doc, 'Academic Result');
  table(
    doc,
    [
      { title: 'Subject', width: 235 },
      { title: 'Marks Obtained', width: 100, align: 'right' },
      { title: 'Total Marks', width: 90, align: 'right' },
      { title: 'Grade', width: 90 },
    ],
    [
      ...result.subjects.map((s) => [
        s.subjectName,
        markText(s.marks, s.absent),
        String(s.maxMarks),
        s.grade ?? NOT_ENTERED,
      ]),
      [
        'Total',
        result.totalObtained === null ? NOT_ENTERED : String(result.totalObtained),
        String(result.totalMaximum),
        result.grade ?? NOT_ENTERED,
      ],
    ],
  );
  doc.y += 10;
  fields(doc, [
    ['Overall Result', resultLabels[result.result]],
    ['Percentage', result.percentage === null ? NOT_ENTERED : `${result.percentage}%`],
    ['Rank in centre', result.centreRank ? String(result.centreRank) : '-'],
    ['Overall rank', result.overallRank ? String(result.overallRank) : '-'],
  ]);

  section(doc, 'Grades');
  const top = doc.y;
  const textWidth = A4.width - 2 * A4.margin - (verifyUrl ? QR_SIZE + 16 : 0);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor('#475569')
    .text(
      `${gradeScale.map((step) => `${step.grade} ${step.min}%+`).join(' · ')}. A subject is passed with ${PASS_PERCENT}% of its marks; the student passes with every subject passed.`,
      A4.margin,
      top,
      { width: textWidth },
    );
  doc.y += 3;
  doc.text(
    `AB: absent from the paper. It counts 0 in the total and is not passed, so the result is FAIL (ABSENT when absent from every paper). ${NOT_ENTERED}: marks not entered yet; the result is pending until every paper is entered.`,
    A4.margin,
    doc.y,
    { width: textWidth },
  );
  if (verifyUrl) {
    doc.y += 3;
    doc.text('Scan the QR code to check this statement on our website.', A4.margin, doc.y, { width: textWidth });
    drawQr(doc, verifyUrl, A4.width - A4.margin - QR_SIZE, top, QR_SIZE);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#475569')
      .text('Scan to verify', A4.width - A4.margin - QR_SIZE, top + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
  }
  signatures(doc, ['Centre in-charge', `For ${siteName}`]);
  return finish();
}
