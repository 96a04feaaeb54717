import type { Readable } from 'node:stream';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import type { OverdueRow } from '@app/domain/home.schemas';
import { sheetDate } from '../../lib/sheet-cells';
import { fittedWidth, writeWorkbook } from '../../lib/spreadsheet/write-workbook';

export { XLSX_TYPE };

const columns: { header: string; key: Exclude<keyof OverdueRow, 'ticketHeld'>; numFmt?: string }[] = [
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
  const layout = columns.map(({ header, key, numFmt }) => ({
    header,
    numFmt,
    width: fittedWidth(
      header,
      Math.max(key === 'dueDate' ? 10 : 0, ...rows.map((row) => String(row[key]).length + (numFmt ? 4 : 0))),
    ),
  }));
  return writeWorkbook(
    { name: 'Overdue', columns: layout },
    rows.map((row) => columns.map(({ key }) => (key === 'dueDate' ? sheetDate(row.dueDate) : row[key]))),
  );
}
