import { z } from 'zod';
import { requiredText, wholeNumber } from './common.schemas';
import { messages } from './messages';
import { standards } from './standards.rules';

/** SPEC §3 Lookup input and §5 Lookup forms: the three required fields of the hall ticket and result pages. */
export const lookupQuery = z.object({
  studentName: requiredText(100, messages.lookupStudentNameRequired),
  studentId: requiredText(20, messages.lookupStudentIdRequired),
  motherName: requiredText(100, messages.lookupMotherNameRequired),
});
export type LookupQuery = z.input<typeof lookupQuery>;
/** The three fields as the form holds them. */
export type LookupValues = z.output<typeof lookupQuery>;

const centerId = wholeNumber({
  required: messages.centreStandardRequired,
  invalid: messages.examCentreUnknown,
  min: 1,
  max: 2_147_483_647,
});

export const assignSeatsRequest = z.object({ centerId });
export type AssignSeatsRequest = z.input<typeof assignSeatsRequest>;

/** A full renumbering of the exam year must be confirmed in so many words. */
export const renumberSeatsRequest = z.object({
  confirm: z.literal(true, { error: messages.renumberConfirm }),
});
export type RenumberSeatsRequest = z.input<typeof renumberSeatsRequest>;

export const seatAssignment = z.object({
  message: z.string(),
  assigned: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type SeatAssignment = z.infer<typeof seatAssignment>;

export const centreQuery = z.object({ centerId });

export const marksSheetQuery = z.object({
  centerId,
  standard: z.enum(standards, { error: messages.centreStandardRequired }),
});
export type MarksSheetQuery = z.input<typeof marksSheetQuery>;

export const marksValue = wholeNumber({
  required: messages.marksInvalid,
  invalid: messages.marksInvalid,
  min: 0,
  max: 1000,
});

/** One cell of the marks screen; `marks: null` clears it (absent or not yet entered). */
export const saveMarkRequest = z.object({
  studentId: requiredText(20, messages.studentNotFound),
  subjectCode: wholeNumber({
    required: messages.subjectNotFound,
    invalid: messages.subjectNotFound,
    min: 1,
    max: 999_999,
  }),
  marks: z.union([z.null(), marksValue]),
});
export type SaveMarkRequest = z.input<typeof saveMarkRequest>;

export const marksSheet = z.object({
  examYear: z.number().int(),
  resultDeclared: z.boolean(),
  subjects: z.array(z.object({ subjectCode: z.number().int(), subjectName: z.string(), maxMarks: z.number().int() })),
  students: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      seatNumber: z.string().nullable(),
      marks: z.record(z.string(), z.number().int().nullable()),
    }),
  ),
});
export type MarksSheet = z.infer<typeof marksSheet>;

export const marksUploadIssue = z.object({ row: z.number().int(), studentId: z.string(), message: z.string() });
export const marksUploadReport = z.object({
  message: z.string(),
  saved: z.boolean(),
  rows: z.number().int(),
  cells: z.number().int(),
  issues: z.array(marksUploadIssue),
});
export type MarksUploadReport = z.infer<typeof marksUploadReport>;

export const uploadModeQuery = z.object({ save: z.enum(['true', 'false']).default('false') });

const grade = z.string().nullable();

/** SPEC §7 /result/fetch: the student's details (with `class`) and their real marks. */
export const resultResponse = z.object({
  studentName: z.string(),
  studentId: z.string(),
  motherName: z.string(),
  class: z.string(),
  standard: z.string(),
  branch: z.string(),
  seatNumber: z.string().nullable(),
  examYear: z.number().int(),
  centre: z.string(),
  subjects: z.array(
    z.object({
      subjectCode: z.number().int(),
      subjectName: z.string(),
      marks: z.number().int().nullable(),
      maxMarks: z.number().int(),
      grade,
    }),
  ),
  totalObtained: z.number().int(),
  totalMaximum: z.number().int(),
  /** Two decimals as text, e.g. '85.00'. */
  percentage: z.string(),
  grade,
  result: z.enum(['PASS', 'FAIL', 'PENDING']),
  centreRank: z.number().int().nullable(),
  overallRank: z.number().int().nullable(),
});
export type ResultResponse = z.infer<typeof resultResponse>;

export const verifyParams = z.object({ code: requiredText(200, messages.ticketForged) });
export const verifyResponse = z.object({
  valid: z.boolean(),
  message: z.string(),
  studentName: z.string().optional(),
  seatNumber: z.string().optional(),
  centre: z.string().optional(),
  examYear: z.number().int().optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;
