import type { Readable } from 'node:stream';
import { indianDayRange } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import {
  dateColumns,
  type ExportColumn,
  type ExportRow,
  exportColumnHeader,
  type FilteredRegisterInput,
  moneyColumns,
} from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import { toRupees } from '@app/domain/money.rules';
import type { Db } from '../../db/client';
import { SHEET_DATE_FORMAT as DATE_FORMAT, sheetDate } from '../../lib/sheet-cells';
import { fittedWidth, type SheetValue, writeWorkbook } from '../../lib/spreadsheet/write-workbook';
import type { StudentListFilter } from '../registrations/registrations.repository';
import { type ExportMeasures, type ExportSourceRow, exportBatch, exportMeasures } from './exports.repository';

/** Rows read from the database at a time: the export never holds the whole table. */
export const EXPORT_BATCH_SIZE = 1000;
const MONEY_FORMAT = '"₹"#,##0.00';
const INDIA_OFFSET_MS = 5.5 * 3600 * 1000;

export const EXPORT_SHEET_NAME = 'Registrations';

function toFilter(input: FilteredRegisterInput): StudentListFilter {
  const { start, end } = indianDayRange({ from: input.fromDate, to: input.toDate });
  return {
    standard: input.standard,
    counsellor: input.counsellor,
    examCentreId: input.examCentre,
    start,
    end,
    remaining: input.onlyZeroRemaining ? 'zero' : input.onlyNonZeroRemaining ? 'nonZero' : undefined,
    includeWithdrawn: input.includeWithdrawn,
  };
}

/** The instant's calendar date in India (one offset all year) as 'YYYY-MM-DD'. */
const indianDate = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

const readColumn: Record<ExportColumn, (row: ExportSourceRow) => string | number | null> = {
  studentId: (row) => row.studentId,
  studentName: (row) => row.studentName,
  standard: (row) => row.standard,
  branch: (row) => row.branch,
  studentNo: (row) => row.studentNo,
  parentsNo: (row) => row.parentsNo,
  examCentre: (row) => `${row.examCentreId}-${row.centerName}`,
  counsellor: (row) => row.counsellor,
  counsellorBranch: (row) => row.counsellorBranch,
  totalAmount: (row) => toRupees(row.totalPaise),
  amountPaid: (row) => toRupees(row.paidPaise),
  amountRemaining: (row) => toRupees(row.remainingPaise),
  dueDate: (row) => row.dueDate,
  createdAt: (row) => indianDate(row.createdAt),
  seatNumber: (row) => row.seatNumber,
  course: (row) => row.course,
};

const pick = (row: ExportSourceRow, columns: readonly ExportColumn[]): ExportRow =>
  Object.fromEntries(columns.map((column) => [column, readColumn[column](row)]));

/** Every matching row, a batch at a time, in student-ID order. */
async function* matchingRows(db: Db, filter: StudentListFilter): AsyncGenerator<ExportSourceRow> {
  let afterId: string | undefined;
  for (;;) {
    const batch = await exportBatch(db, filter, { ...(afterId ? { afterId } : {}), limit: EXPORT_BATCH_SIZE });
    yield* batch;
    if (batch.length < EXPORT_BATCH_SIZE) return;
    afterId = batch.at(-1)?.studentId;
  }
}

/** POST /getFilteredRegister as JSON: the matching rows with only the chosen columns. */
export async function listFilteredRegister(db: Db, input: FilteredRegisterInput): Promise<{ data: ExportRow[] }> {
  const data: ExportRow[] = [];
  for await (const row of matchingRows(db, toFilter(input))) data.push(pick(row, input.columns));
  return { data };
}

/** How a rupee amount reads in the workbook's ₹ format, for its width. */
const moneyText = (paise: number) =>
  `₹${toRupees(paise).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The longest value of each column, from the aggregate (dates read 'dd/mm/yyyy'). */
function longestValue(column: ExportColumn, measures: ExportMeasures): number {
  switch (column) {
    case 'totalAmount':
      return moneyText(measures.totalPaise).length;
    case 'amountPaid':
      return moneyText(measures.paidPaise).length;
    case 'amountRemaining':
      return moneyText(measures.remainingPaise).length;
    case 'dueDate':
      return measures.hasDueDate ? DATE_FORMAT.length : 0;
    case 'createdAt':
      return DATE_FORMAT.length;
    default:
      return measures[column];
  }
}

export const columnWidth = (column: ExportColumn, measures: ExportMeasures) =>
  fittedWidth(exportColumnHeader(column), longestValue(column, measures));

function cellValue(column: ExportColumn, row: ExportSourceRow): SheetValue {
  const value = readColumn[column](row);
  return typeof value === 'string' && dateColumns.includes(column) ? sheetDate(value) : value;
}

/** The file name of SPEC §9, with the time in India: Filtered_Registrations_2026-11-23_14-05-09.xlsx. */
export function exportFileName(now: Date = new Date()): string {
  const stamp = new Date(now.getTime() + INDIA_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', '_')
    .replaceAll(':', '-');
  return `Filtered_Registrations_${stamp}.xlsx`;
}

/**
 * The workbook of SPEC §9, written as a stream: an aggregate query first (the count, and the widths,
 * which the streaming writer needs before the first row), then the rows a batch at a time. Nothing
 * matching answers 400 'No students found for the selected filters.' rather than an empty file.
 */
export async function exportWorkbook(
  db: Db,
  input: FilteredRegisterInput,
  { onError }: { onError: (error: unknown) => void },
): Promise<{ fileName: string; stream: Readable; count: number }> {
  const filter = toFilter(input);
  const measures = await exportMeasures(db, filter);
  if (measures.count === 0) throw new DomainError('BAD_REQUEST', messages.exportNoStudents);

  const columns = input.columns.map((column) => ({
    header: exportColumnHeader(column),
    width: columnWidth(column, measures),
    numFmt: moneyColumns.includes(column) ? MONEY_FORMAT : dateColumns.includes(column) ? DATE_FORMAT : undefined,
  }));
  async function* cells() {
    for await (const row of matchingRows(db, filter)) yield input.columns.map((column) => cellValue(column, row));
  }
  const stream = writeWorkbook({ name: EXPORT_SHEET_NAME, columns }, cells(), { onError });
  return { fileName: exportFileName(), stream, count: measures.count };
}
