import type { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import type { GetPaymentsQuery } from '@app/domain/payments.schemas';
import type { Db } from '../../db/client';
import { SHEET_DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import { writeWorkbook } from '../../lib/spreadsheet/write-workbook';
import type { Actor } from '../../plugins/auth';
import { streamPaymentsOfFilter } from './payments.repository';

const columns = [
  { header: 'Payment date', width: 13, numFmt: SHEET_DATE_FORMAT },
  { header: 'Receipt No.', width: 18 },
  { header: 'Receipt Book No.', width: 16 },
  { header: 'Student ID', width: 12 },
  { header: 'Student Name', width: 26 },
  { header: 'Standard', width: 10 },
  { header: 'Course', width: 24 },
  { header: 'Counsellor', width: 22 },
  { header: 'Payment Mode', width: 14 },
  { header: 'Amount', width: 14, numFmt: '"₹"#,##0.00' },
];

/**
 * The Payment Table's filter (search, standard, counsellor; a counsellor's own students only) as a
 * workbook streamed from the database: one row per payment, newest first (issue 26).
 */
export function paymentsWorkbook(db: Db, { by, query }: { by: Actor; query: GetPaymentsQuery }): Readable {
  const rows = streamPaymentsOfFilter(db, {
    createdBy: by.role === 'admin' ? query.counsellor : by.uuid,
    standard: query.standard,
    search: query.search,
  });
  async function* lines() {
    for await (const { payment, student, course } of rows) {
      yield [
        sheetDate(indianToday(payment.createdAt)),
        payment.systemReceiptNo,
        payment.receiptNo,
        student.studentId,
        student.studentName,
        student.standard,
        course,
        student.counsellor,
        payment.paymentMode,
        payment.amountPaise / 100,
      ];
    }
  }
  return writeWorkbook({ name: 'Payments', columns, boldHeader: true, frozen: { columns: 0, rows: 1 } }, lines());
}
