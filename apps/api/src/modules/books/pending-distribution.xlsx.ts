import type { PendingDistributionRow } from '@app/domain/books.schemas';
import { SHEET_DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import { fittedWidth, workbookBuffer } from '../../lib/spreadsheet/write-workbook';

const columns: { header: string; key: Exclude<keyof PendingDistributionRow, 'counsellorId'> }[] = [
  { header: 'Counsellor', key: 'counsellorName' },
  { header: 'Student ID', key: 'studentId' },
  { header: 'Student Name', key: 'studentName' },
  { header: 'Standard', key: 'standard' },
  { header: 'Book Set', key: 'bookSet' },
  { header: 'Amount Paid (₹)', key: 'amountPaid' },
  { header: 'Registered On', key: 'registeredOn' },
  { header: 'Days Waiting', key: 'daysWaiting' },
];

/** The pending-distribution report as a workbook: one sheet, one row per set not yet given. */
export function renderPendingDistributionXlsx(rows: PendingDistributionRow[]): Promise<Buffer> {
  const layout = columns.map(({ header, key }) => ({
    header,
    width: fittedWidth(header, Math.max(0, ...rows.map((row) => String(row[key]).length))),
    // A real date cell, shown day/month/year: the sheet sorts and filters it as a date.
    numFmt: key === 'registeredOn' ? SHEET_DATE_FORMAT : undefined,
  }));
  return workbookBuffer(
    { name: 'Pending Books', columns: layout, boldHeader: true },
    rows.map((row) => columns.map(({ key }) => (key === 'registeredOn' ? sheetDate(row.registeredOn) : row[key]))),
  );
}
