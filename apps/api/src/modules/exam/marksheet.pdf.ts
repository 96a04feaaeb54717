import { SEAT_NUMBER_LABEL } from '@app/domain/exam.rules';
import type { ResultResponse } from '@app/domain/exam.schemas';
import { gradeScale, PASS_PERCENT } from '@app/domain/results.rules';
import { siteName } from '@app/domain/site';
import { A4, createPdf, fields, header, section, signatures, table } from '../../lib/pdf/document';

/** The statement of marks a student downloads from the Result page. */
export async function renderMarksheet(result: ResultResponse): Promise<Buffer> {
  const { doc, finish } = createPdf(`Marksheet ${result.studentId}`);
  header(
    doc,
    `Statement of Marks · Mock Board Examination ${result.examYear}`,
    `${SEAT_NUMBER_LABEL} ${result.seatNumber ?? '-'}`,
  );
  section(doc, 'Student Information');
  fields(doc, [
    ['Student Name', result.studentName],
    ['Student ID', result.studentId],
    ["Mother's Name", result.motherName],
    ['Class', result.class],
    ['Medium / Group', result.branch],
    ['Seat Number', result.seatNumber ?? '-'],
    ['Centre', result.centre],
  ]);
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
        s.marks === null ? 'Absent' : String(s.marks),
        String(s.maxMarks),
        s.grade ?? '-',
      ]),
      ['Total', String(result.totalObtained), String(result.totalMaximum), result.grade ?? '-'],
    ],
  );
  doc.y += 10;
  fields(doc, [
    ['Overall Result', result.result],
    ['Percentage', `${result.percentage}%`],
    ['Rank in centre', result.centreRank ? String(result.centreRank) : '-'],
    ['Overall rank', result.overallRank ? String(result.overallRank) : '-'],
  ]);
  section(doc, 'Grades');
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor('#475569')
    .text(
      `${gradeScale.map((step) => `${step.grade} ${step.min}%+`).join(' · ')}. A subject is passed with ${PASS_PERCENT}% of its marks; the student passes with every subject passed.`,
      A4.margin,
      doc.y,
      { width: A4.width - 2 * A4.margin },
    );
  signatures(doc, ['Centre in-charge', `For ${siteName}`]);
  return finish();
}
