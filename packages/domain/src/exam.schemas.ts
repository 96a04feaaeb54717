import { z } from 'zod';
import { requiredText, uuidSchema, wholeNumber } from './common.schemas';
import { TICKET_CODE_PATTERN } from './exam.rules';
import { ABSENT } from './marks.rules';
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

const subjectCode = wholeNumber({
  required: messages.subjectNotFound,
  invalid: messages.subjectNotFound,
  min: 1,
  max: 999_999,
});

/** What an admin assigns a teacher on their user page: the centres and the papers they enter marks for. */
export const teacherAssignment = z.object({
  centres: z.array(centerId).max(1000, messages.assignmentTooLong),
  papers: z.array(subjectCode).max(1000, messages.assignmentTooLong),
});
export type TeacherAssignment = z.output<typeof teacherAssignment>;
export const teacherParams = z.object({ uuid: uuidSchema });
/** The assignment as answered (plain numbers, sorted). */
export const teacherAssignmentResponse = z.object({
  centres: z.array(z.number().int()),
  papers: z.array(z.number().int()),
});

/** A teacher's own assignment as Marks Entry reads it; `all` for an admin (everything). */
export const myAssignment = teacherAssignmentResponse.extend({ all: z.boolean() });
export type MyAssignment = z.output<typeof myAssignment>;

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

/** One cell of the marks screen: whole marks, 'AB' (absent), or `null` to clear it (not entered). */
export const saveMarkRequest = z.object({
  studentId: requiredText(20, messages.studentNotFound),
  subjectCode,
  marks: z.union([z.null(), z.literal(ABSENT), marksValue]),
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
      /** By subject code: marks or 'AB'; a paper not entered has no key. */
      marks: z.record(z.string(), z.union([z.number().int(), z.literal(ABSENT)])),
    }),
  ),
});
export type MarksSheet = z.infer<typeof marksSheet>;

/** What is missing before results can be declared: papers not entered, and how many students they are. */
export const missingMarks = z.object({
  students: z.number().int(),
  papers: z.number().int(),
});
export type MissingMarks = z.infer<typeof missingMarks>;

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
      /** Null when absent or not entered: `absent` tells which. */
      marks: z.number().int().nullable(),
      absent: z.boolean(),
      maxMarks: z.number().int(),
      grade,
    }),
  ),
  /** Null while the result is pending or the student was absent from every paper (results.rules). */
  totalObtained: z.number().int().nullable(),
  totalMaximum: z.number().int(),
  /** Two decimals as text, e.g. '85.00'; null with no total. */
  percentage: z.string().nullable(),
  grade,
  result: z.enum(['PASS', 'FAIL', 'ABSENT', 'PENDING']),
  centreRank: z.number().int().nullable(),
  overallRank: z.number().int().nullable(),
});
export type ResultResponse = z.infer<typeof resultResponse>;

/** A code of any other shape is a 400 with the forged-code message (the page shows it the same way). */
export const verifyParams = z.object({
  code: requiredText(200, messages.ticketForged).refine(
    (code) => TICKET_CODE_PATTERN.test(code),
    messages.ticketForged,
  ),
});
/** The result summary a genuine marksheet's code confirms, once results are declared. */
export const verifiedResult = resultResponse.pick({
  result: true,
  totalObtained: true,
  totalMaximum: true,
  percentage: true,
  grade: true,
});
export type VerifiedResult = z.infer<typeof verifiedResult>;

export const verifyResponse = z.object({
  valid: z.boolean(),
  message: z.string(),
  studentName: z.string().optional(),
  seatNumber: z.string().optional(),
  centre: z.string().optional(),
  examYear: z.number().int().optional(),
  result: verifiedResult.optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;
