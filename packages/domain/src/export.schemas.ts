import { z } from 'zod';
import { optionalCalendarDate, optionalText } from './common.schemas';
import { registrationFieldLabels } from './field-labels';
import { messages } from './messages';
import { examCentreRefSchema } from './registrations.schemas';
import { standards } from './standards.rules';

/**
 * The export columns. First the 14 of SPEC §2, §9: the fields of SPEC §3 Student registration in that
 * order. The spec lists 15 fields there but counts 14; createdBy (the counsellor's internal uuid) is left
 * out, as the counsellor's name and branch are exported beside it. Then, beyond SPEC, the seat number
 * (issue 15) and the course the student registered on (issue 25), after the 14, so the 14 keep their
 * positions for anyone who reads the file by position; the existing client never asks for them.
 */
export const exportColumns = [
  'studentId',
  'studentName',
  'standard',
  'branch',
  'studentNo',
  'parentsNo',
  'examCentre',
  'counsellor',
  'counsellorBranch',
  'totalAmount',
  'amountPaid',
  'amountRemaining',
  'dueDate',
  'createdAt',
  'seatNumber',
  'course',
] as const;
export type ExportColumn = (typeof exportColumns)[number];

/**
 * A column's header in the workbook and its name in the tool: the column names of SPEC §2's Registration
 * Table (Student ID, Paid, Register Date…), the seat number as Seat No.
 */
export const exportColumnHeader = (column: ExportColumn): string => registrationFieldLabels[column];

/** Amounts in rupees, shown with a ₹ number format in the workbook. */
export const moneyColumns: readonly ExportColumn[] = ['totalAmount', 'amountPaid', 'amountRemaining'];
/** Calendar dates, shown day/month/year in the workbook. */
export const dateColumns: readonly ExportColumn[] = ['dueDate', 'createdAt'];

/** The standards the tool offers (SPEC §2): the 11th+12th option carries the value 12th. */
export const exportStandardOptions = [
  { label: '10th', value: '10th' },
  { label: '11th+12th', value: '12th' },
  { label: '12th', value: '12th' },
] as const;

const flag = z.preprocess((value) => (value === null || value === '' ? undefined : value), z.boolean().optional());

/**
 * POST /api/counsellor/getFilteredRegister (SPEC §7). Empty filters (null or '') mean no filter.
 * Dates are Indian calendar dates, both ends included. `format: 'xlsx'` (or an Accept header naming the
 * spreadsheet type) answers the workbook itself instead of the rows.
 */
export const filteredRegisterRequest = z
  .object({
    standard: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z.enum(standards, { error: 'Choose a standard' }).optional(),
    ),
    counsellor: optionalText(64),
    examCentre: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      examCentreRefSchema.optional(),
    ),
    fromDate: optionalCalendarDate,
    toDate: optionalCalendarDate,
    onlyZeroRemaining: flag,
    onlyNonZeroRemaining: flag,
    /** Withdrawn students are left out unless this is true (issue 25). */
    includeWithdrawn: flag,
    columns: z
      .array(z.enum(exportColumns, { error: 'Choose columns from the list' }), { error: messages.exportNoColumns })
      .min(1, { error: messages.exportNoColumns })
      .max(exportColumns.length * 2, { error: messages.exportNoColumns })
      .transform((columns) => exportColumns.filter((column) => columns.includes(column))),
    format: z.enum(['json', 'xlsx']).optional(),
  })
  .refine((value) => !(value.fromDate && value.toDate && value.fromDate > value.toDate), {
    path: ['fromDate'],
    message: messages.exportDateOrder,
  })
  .refine((value) => !(value.onlyZeroRemaining && value.onlyNonZeroRemaining), {
    path: ['onlyNonZeroRemaining'],
    message: messages.exportRemainingBoth,
  });
export type FilteredRegisterRequest = z.input<typeof filteredRegisterRequest>;
export type FilteredRegisterInput = z.output<typeof filteredRegisterRequest>;

/** One exported row: only the chosen columns; amounts in rupees, dates 'YYYY-MM-DD' (createdAt in India). */
export const exportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ExportRow = z.infer<typeof exportRow>;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
