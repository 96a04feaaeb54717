import type { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import type { FunnelEnquiry } from '@app/domain/funnel.schemas';
import { SHEET_DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import { writeWorkbook } from '../../lib/spreadsheet/write-workbook';

const columns = [
  { header: 'Enquiry date', width: 12, numFmt: SHEET_DATE_FORMAT },
  { header: 'Student name', width: 26 },
  { header: 'Standard', width: 10 },
  { header: 'Phone', width: 12, numFmt: '@' },
  { header: 'City', width: 14 },
  { header: 'Source', width: 13 },
  { header: 'Status', width: 11 },
  { header: 'Counsellor', width: 22 },
  { header: 'Next follow-up', width: 14, numFmt: SHEET_DATE_FORMAT },
  { header: 'Student ID', width: 14 },
];

/** The enquiries download, streamed as the rows come from the database (sheet Enquiries). */
export function enquiriesWorkbook(rows: AsyncIterable<FunnelEnquiry>): Readable {
  async function* lines() {
    for await (const row of rows) {
      yield [
        sheetDate(indianToday(new Date(row.createdAt))),
        row.studentName,
        row.standard,
        row.phone,
        row.city,
        row.source,
        row.status,
        row.assignedName,
        row.nextFollowUpOn ? sheetDate(row.nextFollowUpOn) : null,
        row.convertedStudentId,
      ];
    }
  }
  return writeWorkbook({ name: 'Enquiries', columns, boldHeader: true, frozen: { columns: 0, rows: 1 } }, lines());
}
