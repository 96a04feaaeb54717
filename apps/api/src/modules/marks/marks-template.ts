import type { MarksSheet } from '@app/domain/exam.schemas';
import { paperHeader } from '@app/domain/marks.rules';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';

/**
 * The marks template of a centre and standard: the workbook the upload reads (marks.service), a row per
 * student with the marks entered so far (AB for absent), a column per paper headed by its code, name and
 * maximum. The ID column is formatted as text, so Excel keeps an ID's leading zeros when a teacher types one.
 */
export function marksTemplate(sheet: MarksSheet): Promise<Buffer> {
  const papers = sheet.subjects.map((paper) => paperHeader(paper.subjectCode, paper.subjectName, paper.maxMarks));
  return workbookBuffer(
    {
      name: 'Marks',
      columns: [
        { header: 'Student ID', width: 14, numFmt: '@' },
        { header: 'Student Name', width: 30 },
        { header: 'Seat Number', width: 13 },
        ...papers.map((header) => ({ header, width: Math.max(12, header.length + 2) })),
      ],
      boldHeader: true,
      frozen: { columns: 2, rows: 1 },
    },
    sheet.students.map((student) => [
      student.studentId,
      student.studentName,
      student.seatNumber ?? '',
      ...sheet.subjects.map((paper) => student.marks[paper.subjectCode] ?? null),
    ]),
  );
}
