import { z } from 'zod';
import { emailSchema, isoDateSchema, phoneSchema, requiredText, whenValid } from './common.schemas';
import { messages } from './messages';
import { hasAtMostTwoDecimals } from './money.rules';
import { listQueryFields, pageOf } from './paging.schemas';
import { isBranchOf, previousYearOf, standards } from './standards.rules';

/** SPEC §9: nine fixed reasons, in Marathi, plus Other (which asks for the reason in words). */
export const visitingReasons = [
  'फी जास्त वाटते',
  'पालकांशी चर्चा करून कळवतो',
  'नंतर प्रवेश घेणार',
  'दुसऱ्या क्लासमध्ये प्रवेश घेतला आहे',
  'परीक्षा केंद्र लांब आहे',
  'डेमो पाहून ठरवणार',
  'फक्त माहिती हवी होती',
  'वेळ जुळत नाही',
  'मित्रांशी चर्चा करून ठरवणार',
] as const;
export const OTHER_REASON = 'Other';

export const genders = ['Male', 'Female'] as const;
export const demoAnswers = ['YES', 'NO'] as const;

export const pincodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: messages.pincodeDigits });

export const percentSchema = z.coerce
  .number({ error: messages.percentRange })
  .min(0, { error: messages.percentRange })
  .max(100, { error: messages.percentRange })
  .refine(hasAtMostTwoDecimals, { error: messages.percentRange });

/** A date of birth of a school student: a real date, in the past. */
export const studentDob = isoDateSchema.refine(
  (value) => value < new Date().toISOString().slice(0, 10) && value >= '1990-01-01',
  {
    error: 'Date of birth must be a past date',
  },
);

/**
 * POST /api/counsellor/visiting. The counsellor's uuid, name and branch are taken from the session,
 * whatever the body says; previousYear is derived from the standard.
 */
export const visitingRequest = z
  .object({
    studentName: requiredText(100, 'Student name is required'),
    gender: z.enum(genders, { error: 'Gender must be Male or Female' }),
    dob: studentDob,
    address: requiredText(300, 'Address is required'),
    pincode: pincodeSchema,
    standard: z.enum(standards, { error: 'Choose a standard' }),
    branch: requiredText(20, 'Choose a medium or group'),
    schoolCollege: requiredText(150, 'School or college is required'),
    previousYearPercent: percentSchema,
    email: emailSchema,
    studentNo: phoneSchema,
    parentsNo: phoneSchema,
    notificationNo: phoneSchema,
    demoGiven: z.enum(demoAnswers, { error: 'Demo given must be YES or NO' }),
    reason: requiredText(300, 'Choose a reason'),
    /** Replaces the reason when it is Other (SPEC §4 Visiting reason). */
    otherReason: z.string().trim().max(300).optional(),
    motherName: z.string().trim().max(100).optional(),
  })
  .refine((value) => isBranchOf(value.standard, value.branch), {
    path: ['branch'],
    message: 'Choose a medium or group of this standard',
    when: whenValid('standard', 'branch'),
  })
  .refine((value) => value.notificationNo === value.studentNo || value.notificationNo === value.parentsNo, {
    path: ['notificationNo'],
    message: messages.notificationNumber,
    when: whenValid('studentNo', 'parentsNo', 'notificationNo'),
  })
  .refine((value) => value.reason !== OTHER_REASON || Boolean(value.otherReason), {
    path: ['otherReason'],
    message: messages.otherReasonRequired,
    when: whenValid('reason', 'otherReason'),
  })
  .refine((value) => value.reason === OTHER_REASON || (visitingReasons as readonly string[]).includes(value.reason), {
    path: ['reason'],
    message: 'Choose a reason from the list',
    when: whenValid('reason'),
  })
  .transform(({ otherReason, ...value }) => ({
    ...value,
    previousYear: previousYearOf(value.standard),
    reason: value.reason === OTHER_REASON ? (otherReason as string) : value.reason,
    motherName: value.motherName || 'not require',
  }));
export type VisitingRequest = z.input<typeof visitingRequest>;

export const visitingRecord = z.object({
  id: z.number().int(),
  studentName: z.string(),
  gender: z.enum(genders),
  dob: z.string(),
  address: z.string(),
  pincode: z.string(),
  standard: z.enum(standards),
  previousYear: z.string(),
  branch: z.string(),
  schoolCollege: z.string(),
  previousYearPercent: z.number(),
  email: z.string(),
  studentNo: z.string(),
  parentsNo: z.string(),
  notificationNo: z.string(),
  demoGiven: z.enum(demoAnswers),
  reason: z.string(),
  motherName: z.string(),
  uuid: z.string(),
  counsellor: z.string(),
  counsellorBranch: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VisitingRecord = z.infer<typeof visitingRecord>;

/**
 * GET /api/counsellor/getVisiting?uuid&role: without `page` the SPEC §7 answer (every record); with
 * `page`, one page `{ data, totalCount, totalPages }`. Search matches the name, student or parent number.
 */
export const getVisitingQuery = z.object(listQueryFields);
export type GetVisitingQuery = z.infer<typeof getVisitingQuery>;

export const visitingRecordPage = pageOf(visitingRecord);
