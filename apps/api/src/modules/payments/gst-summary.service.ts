import { gstSplit } from '@app/domain/corrections.rules';
import { indianDayRange, indianToday } from '@app/domain/dates.rules';
import type { Db } from '../../db/client';
import { SHEET_DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import type { SheetValue } from '../../lib/spreadsheet/write-workbook';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';
import { listGstReceiptsBetween, listGstRefundsBetween } from './corrections.repository';

/** One line of the accountant's GST summary: a tax receipt, or a refund as a credit entry (negative). */
export type GstSummaryLine = {
  date: string;
  document: 'Tax receipt' | 'Credit (refund)';
  number: string;
  against: string;
  studentId: string;
  studentName: string;
  status: 'Valid' | 'Cancelled';
  cancelReason: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
};

export type GstSummary = {
  lines: GstSummaryLine[];
  totals: Omit<
    GstSummaryLine,
    'date' | 'document' | 'number' | 'against' | 'studentId' | 'studentName' | 'status' | 'cancelReason'
  >;
};

const monthBounds = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
};

/**
 * A month's tax receipts (Indian calendar days) and the refunds paid that month against tax receipts.
 * Cancelled receipts are listed and marked but left out of the totals; a refund is a credit entry whose
 * tax is the same split of its amount, negative.
 */
export async function gstSummary(db: Db, { month }: { month: string }): Promise<GstSummary> {
  const bounds = monthBounds(month);
  const { start, end } = indianDayRange(bounds);
  const [receipts, refunds] = await Promise.all([
    listGstReceiptsBetween(db, { start: start as Date, end: end as Date }),
    listGstRefundsBetween(db, bounds),
  ]);
  const lines: GstSummaryLine[] = [];
  for (const { payment, studentName } of receipts) {
    lines.push({
      date: indianToday(payment.createdAt),
      document: 'Tax receipt',
      number: payment.systemReceiptNo,
      against: '',
      studentId: payment.studentId,
      studentName,
      status: payment.cancelledAt ? 'Cancelled' : 'Valid',
      cancelReason: payment.cancelReason ?? '',
      taxablePaise: payment.taxablePaise ?? 0,
      cgstPaise: payment.cgstPaise ?? 0,
      sgstPaise: payment.sgstPaise ?? 0,
      totalPaise: payment.amountPaise,
    });
  }
  for (const { refund, receiptNo, studentName } of refunds) {
    const split = gstSplit(refund.amountPaise);
    lines.push({
      date: refund.refundedOn,
      document: 'Credit (refund)',
      number: refund.voucherNo,
      against: receiptNo,
      studentId: refund.studentId,
      studentName,
      status: 'Valid',
      cancelReason: '',
      taxablePaise: -split.taxablePaise,
      cgstPaise: -split.cgstPaise,
      sgstPaise: -split.sgstPaise,
      totalPaise: -refund.amountPaise,
    });
  }
  lines.sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number));
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 0 };
  for (const line of lines) {
    if (line.status === 'Cancelled') continue;
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return { lines, totals };
}

const MONEY = '#,##0.00';
const columns = [
  { header: 'Date', width: 12, numFmt: SHEET_DATE_FORMAT },
  { header: 'Document', width: 16 },
  { header: 'Number', width: 22 },
  { header: 'Against receipt', width: 22 },
  { header: 'Student ID', width: 12 },
  { header: 'Student name', width: 28 },
  { header: 'Status', width: 11 },
  { header: 'Reason cancelled', width: 30 },
  { header: 'Taxable value (₹)', width: 16, numFmt: MONEY },
  { header: 'CGST 9% (₹)', width: 13, numFmt: MONEY },
  { header: 'SGST 9% (₹)', width: 13, numFmt: MONEY },
  { header: 'Total (₹)', width: 14, numFmt: MONEY },
];

const rupees = (paise: number) => paise / 100;

/** The summary as the accountant's workbook: a line per document, then the totals (cancelled not counted). */
export async function gstSummaryXlsx(db: Db, { month }: { month: string }): Promise<Buffer> {
  const { lines, totals } = await gstSummary(db, { month });
  const rows: SheetValue[][] = lines.map((line) => [
    sheetDate(line.date),
    line.document,
    line.number,
    line.against,
    line.studentId,
    line.studentName,
    line.status,
    line.cancelReason,
    rupees(line.taxablePaise),
    rupees(line.cgstPaise),
    rupees(line.sgstPaise),
    rupees(line.totalPaise),
  ]);
  rows.push([
    null,
    'Total',
    `${month} (cancelled receipts not counted)`,
    '',
    '',
    '',
    '',
    '',
    rupees(totals.taxablePaise),
    rupees(totals.cgstPaise),
    rupees(totals.sgstPaise),
    rupees(totals.totalPaise),
  ]);
  return workbookBuffer({ name: `GST ${month}`, columns, boldHeader: true }, rows);
}
