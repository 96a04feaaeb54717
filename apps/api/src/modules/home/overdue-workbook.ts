import { PassThrough, type Readable } from 'node:stream';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import type { OverdueRow } from '@app/domain/home.schemas';
import ExcelJS from 'exceljs';
import { sheetDate, sheetRow } from '../../lib/sheet-cells';

export { XLSX_TYPE };

const columns: { header: string; key: keyof OverdueRow; numFmt?: string }[] = [
  { header: 'studentId', key: 'studentId' },
  { header: 'studentName', key: 'studentName' },
  { header: 'standard', key: 'standard' },
  { header: 'studentNo', key: 'studentNo' },
  { header: 'parentsNo', key: 'parentsNo' },
  { header: 'counsellor', key: 'counsellor' },
  { header: 'amountRemaining', key: 'amountRemaining', numFmt: '"₹"#,##0.00' },
  { header: 'dueDate', key: 'dueDate', numFmt: 'dd/mm/yyyy' },
  { header: 'daysOverdue', key: 'daysOverdue' },
];

/** The overdue list for follow-up calls as a workbook (sheet Overdue), widths as the export's. */
export function overdueWorkbook(rows: readonly OverdueRow[]): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Overdue');
  sheet.columns = columns.map(({ header, key, numFmt }) => ({
    header,
    key,
    width: Math.min(
      50,
      Math.max(
        header.length,
        key === 'dueDate' ? 10 : 0,
        ...rows.map((row) => String(row[key]).length + (numFmt ? 4 : 0)),
      ) + 3,
    ),
    ...(numFmt ? { style: { numFmt } } : {}),
  }));
  for (const row of rows) {
    sheet.addRow({ ...sheetRow(row), dueDate: sheetDate(row.dueDate) }).commit();
  }
  sheet.commit();
  void workbook
    .commit()
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
