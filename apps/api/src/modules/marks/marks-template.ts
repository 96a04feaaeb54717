import type { MarksSheet } from '@app/domain/exam.schemas';
import { paperHeader } from '@app/domain/marks.rules';
import ExcelJS from 'exceljs';

/**
 * The marks template of a centre and standard: the workbook the upload reads (marks.service), a row per
 * student with the marks entered so far (AB for absent), a column per paper headed by its code, name and
 * maximum. Small by construction (one centre's students), so it is built in memory.
 */
export async function marksTemplate(sheet: MarksSheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const marks = book.addWorksheet('Marks', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  marks.columns = [
    { header: 'Student ID', width: 14 },
    { header: 'Student Name', width: 30 },
    { header: 'Seat Number', width: 13 },
    ...sheet.subjects.map((paper) => ({
      header: paperHeader(paper.subjectCode, paper.subjectName, paper.maxMarks),
      width: Math.max(12, paperHeader(paper.subjectCode, paper.subjectName, paper.maxMarks).length + 2),
    })),
  ];
  marks.getRow(1).font = { bold: true };
  for (const student of sheet.students) {
    marks.addRow([
      student.studentId,
      student.studentName,
      student.seatNumber ?? '',
      ...sheet.subjects.map((paper) => student.marks[paper.subjectCode] ?? null),
    ]);
  }
  // Text-formatted ID column, so Excel keeps an ID's leading zeros when a teacher types one.
  marks.getColumn(1).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}
