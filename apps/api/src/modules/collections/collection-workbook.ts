import type { Readable } from 'node:stream';
import type { CollectionPayment } from '@app/domain/collections.schemas';
import { SHEET_DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import { writeWorkbook } from '../../lib/spreadsheet/write-workbook';

const columns = [
  { header: 'Date', width: 12, numFmt: SHEET_DATE_FORMAT },
  { header: 'Amount Paid', width: 14, numFmt: '"₹"#,##0.00' },
  { header: 'Remark', width: 36 },
  { header: 'Status', width: 10 },
  { header: 'Rejection reason', width: 30 },
];

/** A counsellor's Transaction History (their settlements) as the screen lists it, as a workbook (issue 26). */
export function collectionWorkbook(rows: readonly CollectionPayment[]): Readable {
  return writeWorkbook(
    { name: 'Transactions', columns, boldHeader: true },
    rows.map((row) => [sheetDate(row.paymentDate), row.amountPaid, row.remark, row.verifyStatus, row.rejectionReason]),
  );
}
