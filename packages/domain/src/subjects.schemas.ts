import { z } from 'zod';
import { dateField, optionalNumberField, requiredText, wholeNumber } from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { parseExamTime } from './subjects.rules';

/** SPEC §3 Subject: papers are set for 10th and 12th. */
export const subjectStandards = ['10th', '12th'] as const;
export type SubjectStandard = (typeof subjectStandards)[number];

export const subjectCodeSchema = wholeNumber({
  required: messages.allFieldsRequired,
  invalid: 'Subject code must be a whole number from 1 to 999999',
  min: 1,
  max: 999_999,
});

const required = (max: number) => requiredText(max, messages.allFieldsRequired);

export const addSubjectRequest = z.object({
  subjectCode: subjectCodeSchema,
  subjectName: required(100),
  language: required(50),
  standard: z.enum(subjectStandards, { error: 'Standard must be 10th or 12th' }),
  /** Out of how many marks the paper is written; 100 unless said. */
  maxMarks: optionalNumberField({ invalid: messages.maxMarksInvalid, min: 1, max: 1000, decimals: 0 }),
  /** The exam year (session) whose timetable the paper belongs to; the open session's unless said. */
  examYear: optionalNumberField({
    invalid: 'Exam year must be a year from 2000 to 2100',
    min: 2000,
    max: 2100,
    decimals: 0,
  }),
});
export type AddSubjectRequest = z.input<typeof addSubjectRequest>;

export const subjectParams = z.object({ subjectCode: subjectCodeSchema });

export const examTimeSchema = requiredText(40, messages.allFieldsRequired).superRefine((value, ctx) => {
  const parsed = parseExamTime(value);
  if (!parsed) ctx.addIssue({ code: 'custom', message: messages.examTimeFormat });
  else if (parsed.end <= parsed.start) ctx.addIssue({ code: 'custom', message: messages.examTimeOrder });
});

export const addDatesRequest = z.object({
  examDate: dateField({
    required: messages.allFieldsRequired,
    window: dateWindows.examDate,
    outside: messages.examDateRange,
  }),
  examTime: examTimeSchema,
});
export type AddDatesRequest = z.infer<typeof addDatesRequest>;

export const subject = z.object({
  subjectCode: z.number().int(),
  subjectName: z.string(),
  language: z.string(),
  standard: z.enum(subjectStandards),
  examDate: z.string().nullable(),
  examTime: z.string().nullable(),
  examYear: z.number().int(),
  maxMarks: z.number().int(),
});
export type Subject = z.infer<typeof subject>;

export const timetableQuery = z.object({ standard: z.enum(subjectStandards) });
