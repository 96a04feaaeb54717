import { z } from 'zod';
import {
  dateField,
  emailSchema,
  idParam,
  numberField,
  optionalText,
  phoneSchema,
  requiredText,
  whenValid,
} from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { listQueryFields, pageOf } from './paging.schemas';
import { isBranchOf, previousYearOf, standards } from './standards.rules';

/**
 * The fixed reasons, in Marathi, plus Other (which asks for the reason in words): the eight the product's
 * existing client offers, word for word. That client sends Other's text itself as the reason, so any
 * reason text is accepted.
 */
export const visitingReasons = [
  'पैश्याची अडचण',
  'विश्वास नाही',
  'विद्यार्थी इच्छुक नाही',
  'पालक इच्छुक नाहीत',
  'उपक्रम समजला नाही',
  'जागृकता नाही',
  'उपक्रम न ऐकलेल्या व्यक्तीचा हस्तक्षेप',
  'मागील वर्षातील विद्यार्थ्यांचे नकारात्मक परिणाम / निरीक्षणे',
] as const;
export const OTHER_REASON = 'Other';

export const genders = ['Male', 'Female'] as const;
export type Gender = (typeof genders)[number];
export const demoAnswers = ['YES', 'NO'] as const;
export type DemoAnswer = (typeof demoAnswers)[number];

export const pincodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: messages.pincodeDigits });

export const percentSchema = numberField({
  required: messages.percentRange,
  invalid: messages.percentRange,
  min: 0,
  max: 100,
  decimals: 2,
});

/** A date of birth of a school or college student. */
export const studentDob = dateField({
  required: messages.studentDobRequired,
  window: dateWindows.studentBirth,
  outside: messages.studentDobRange,
});

/** Sources a counsellor records with the Visiting Form (issue 26); walk-in when not given. */
export const visitSources = ['walk-in', 'school visit', 'seminar', 'referral', 'phone call', 'other'] as const;

/** Where an enquiry came from: those, or the public site's contact form. Older rows read as walk-in. */
export const enquirySources = [...visitSources, 'website'] as const;
export type EnquirySource = (typeof enquirySources)[number];

/**
 * POST /api/counsellor/visiting. The counsellor's uuid, name and branch are taken from the session,
 * whatever the body says; previousYear is derived from the standard.
 */
export const visitingRequest = z
  .object({
    studentName: requiredText(100, messages.studentNameRequired),
    gender: z.enum(genders, { error: messages.genderRequired }),
    dob: studentDob,
    address: requiredText(300, messages.addressRequired, { multiline: true }),
    pincode: pincodeSchema,
    standard: z.enum(standards, { error: messages.standardRequired }),
    branch: requiredText(20, messages.mediumOrGroupRequired),
    schoolCollege: requiredText(150, messages.schoolRequired),
    previousYearPercent: percentSchema,
    email: emailSchema,
    studentNo: phoneSchema,
    parentsNo: phoneSchema,
    notificationNo: phoneSchema,
    demoGiven: z.enum(demoAnswers, { error: messages.demoGivenRequired }),
    /** One of the listed reasons, Other, or the reason in the counsellor's own words. */
    reason: requiredText(300, messages.reasonRequired, { multiline: true }),
    /** Replaces the reason when it is Other (SPEC §4 Visiting reason). */
    otherReason: optionalText(300, { multiline: true }),
    motherName: optionalText(100),
    /** Where the enquiry came from (issue 26); walk-in when not given. */
    source: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.enum(visitSources, { error: messages.enquirySourceInvalid }).optional(),
    ),
  })
  .refine((value) => isBranchOf(value.standard, value.branch), {
    path: ['branch'],
    message: messages.branchOfStandard,
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
  .transform(({ otherReason, ...value }) => ({
    ...value,
    previousYear: previousYearOf(value.standard),
    reason: value.reason === OTHER_REASON ? (otherReason as string) : value.reason,
    motherName: value.motherName || 'not require',
  }));
export type VisitingRequest = z.input<typeof visitingRequest>;

/** The stage a counsellor moves an open enquiry through; stored on the enquiry. */
export const enquiryStages = ['new', 'contacted', 'interested'] as const;
export type EnquiryStage = (typeof enquiryStages)[number];

/**
 * An enquiry's status: its stage while open; 'registered' once a student was registered from it (the
 * conversion link); 'lost' once closed with a reason (lost and closed are one concept, decision 017).
 */
export const funnelStatuses = [...enquiryStages, 'registered', 'lost'] as const;
export type FunnelStatus = (typeof funnelStatuses)[number];

export function funnelStatusOf(enquiry: {
  stage: EnquiryStage;
  convertedStudentId: string | null;
  closedAt: string | Date | null;
}): FunnelStatus {
  if (enquiry.convertedStudentId) return 'registered';
  if (enquiry.closedAt) return 'lost';
  return enquiry.stage;
}

/** Why an enquiry is closed (issue 25); Other asks for the reason in words. Nothing is deleted. */
export const enquiryCloseReasons = ['Duplicate', 'Wrong entry', 'Not interested', 'Other'] as const;
export type EnquiryCloseReason = (typeof enquiryCloseReasons)[number];

/** Which enquiries a list shows. */
export const enquiryStatuses = ['open', 'closed', 'all'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/** PUT /api/counsellor/visiting/:id/close. */
export const closeEnquiryRequest = z
  .object({
    reason: z.enum(enquiryCloseReasons, { error: messages.closeReasonRequired }),
    note: optionalText(300, { multiline: true }),
  })
  .refine((value) => value.reason !== OTHER_REASON || Boolean(value.note), {
    path: ['note'],
    message: messages.closeNoteRequired,
    when: whenValid('reason', 'note'),
  });
export type CloseEnquiryRequest = z.input<typeof closeEnquiryRequest>;

/** The enquiry in the path of the edit, close and reopen routes. */
export const enquiryParams = z.object({
  id: idParam(messages.enquiryNotFound),
});

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
  /** The student registered from this enquiry, once it converted. */
  convertedStudentId: z.string().nullable(),
  /** When and why the enquiry was closed; null while it is open. */
  closedAt: z.string().nullable(),
  closedReason: z.enum(enquiryCloseReasons).nullable(),
  closedNote: z.string().nullable(),
  /** Issue 26: where it came from, its funnel status, and when it is next to be followed up. */
  source: z.enum(enquirySources),
  status: z.enum(funnelStatuses),
  nextFollowUpOn: z.string().nullable(),
});
export type VisitingRecord = z.infer<typeof visitingRecord>;

/**
 * GET /api/counsellor/getVisiting?uuid&role: without `page` the SPEC §7 answer (every record); with
 * `page`, one page `{ data, totalCount, totalPages }`. Search matches the name, student or parent number.
 */
export const getVisitingQuery = z.object({
  ...listQueryFields,
  /** Open enquiries by default (closed ones leave the list); `all` adds the closed, `closed` only them. */
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(enquiryStatuses, { error: 'Status must be open, closed or all' }).optional(),
  ),
});
export type GetVisitingQuery = z.infer<typeof getVisitingQuery>;

export const visitingRecordPage = pageOf(visitingRecord);
