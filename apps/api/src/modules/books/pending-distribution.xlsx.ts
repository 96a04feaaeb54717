import type { PendingDistributionRow } from '@app/domain/books.schemas';
import ExcelJS from 'exceljs';
import { SHEET_DATE_FORMAT, sheetDate, sheetRow } from '../../lib/sheet-cells';

const columns: { header: string; key: keyof PendingDistributionRow }[] = [
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
export async function renderPendingDistributionXlsx(rows: PendingDistributionRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pending Books');
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    ...(column.key === 'registeredOn' ? { style: { numFmt: SHEET_DATE_FORMAT } } : {}),
  }));
  // A real date cell, shown day/month/year: the sheet sorts and filters it as a date.
  for (const row of rows) sheet.addRow({ ...sheetRow(row), registeredOn: sheetDate(row.registeredOn) });
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, index) => {
    const values = [
      columns[index]?.header ?? '',
      ...rows.map((row) => String(row[columns[index]?.key ?? 'studentId'])),
    ];
    column.width = Math.min(50, Math.max(...values.map((value) => value.length)) + 3);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
