import { z } from 'zod';
import { dateField, optionalCalendarDate, optionalText, requiredText, wholeNumber } from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import {
  CONSENT_LINK,
  consentDecisions,
  consentMethods,
  consentStates,
  dataRequestKinds,
  dataRequestStatuses,
  messageLanguages,
} from './privacy.rules';
import { photoUrl } from './registrations.schemas';
import { standards } from './standards.rules';

export const privacyMessages = {
  consentCodeInvalid: 'The code is not right. Ask the parent to read it again.',
  consentCodeExpired: 'The code has expired. Send a new code.',
  consentCodeMissing: 'Send a code to the parent first.',
  consentCodeTooManyTries: 'Too many wrong codes. Send a new code.',
  consentCodeTooManySends: 'Too many codes sent for this student. Please try again later.',
  consentCodeFormat: 'The code is 6 digits',
  consentPaperPhotoRequired: 'Please upload and save the photo of the signed form first',
  consentRecorded: 'Consent recorded',
  consentWithdrawn: 'Consent withdrawn: messages stopped',
  consentAlreadyWithdrawn: 'Consent is already withdrawn',
  consentNotWithdrawable: 'There is no consent to withdraw',
  requestKindRequired: 'Choose what the family asks for',
  requestReceivedRequired: 'Enter the date the request was received',
  requestReceivedRange: 'The date must be today or up to a year back',
  requestOutcomeRequired: 'Say what was done',
  requestRecorded: 'Request recorded',
  requestClosed: 'Request closed',
  requestNotFound: 'Request not found',
  requestAlreadyClosed: 'This request is already closed',
  requestNotErasure: 'Only an erasure request can erase data',
  studentErased: 'Data erased: receipts and accounts kept',
  alreadyErased: "This student's data is already erased",
  consentLinkInvalid:
    'This link is not valid any more. Ask the institute to send a new code. ही लिंक आता वैध नाही. संस्थेकडून नवीन कोड मागवा.',
  consentLinkNoticeChanged:
    'The privacy notice has changed. Please reload this page and read it again. गोपनीयता सूचना बदलली आहे. हे पान पुन्हा उघडून ती वाचा.',
  consentLinkGiven: 'Thank you. Your consent is recorded. धन्यवाद. तुमची संमती नोंदवली आहे.',
  consentLinkRefused:
    'Thank you. Your consent is recorded; we will send you no messages. धन्यवाद. तुमची संमती नोंदवली आहे; आम्ही तुम्हाला संदेश पाठवणार नाही.',
  breachNoticesSent: 'Notices queued to the families',
} as const;

const noticeText = z.object({
  title: z.string(),
  short: z.string(),
  purposes: z.array(z.string()),
  rights: z.string(),
});

/** GET /api/public/privacyNotice: the notice in force, both languages. */
export const privacyNoticeResponse = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  en: noticeText,
  mr: noticeText,
});
export type PrivacyNoticeResponse = z.infer<typeof privacyNoticeResponse>;

export const consentRecord = z.object({
  id: z.number().int(),
  decision: z.enum(consentDecisions),
  method: z.enum(consentMethods).nullable(),
  noticeVersion: z.number().int(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  /** The signed paper form's photo, for a paper consent. */
  evidencePhoto: z.string().nullable(),
  note: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

/** GET /api/counsellor/consent/{studentId}. */
export const consentStatusResponse = z.object({
  studentId: z.string(),
  studentName: z.string(),
  /** The parent's number, last four digits only (the code goes there). */
  parentsNoEnding: z.string(),
  state: z.enum(consentStates),
  canMessage: z.boolean(),
  canSignIn: z.boolean(),
  noticeVersion: z.number().int(),
  /** A code is out and still valid until then. */
  codeExpiresAt: z.string().nullable(),
  history: z.array(consentRecord),
});
export type ConsentStatusResponse = z.infer<typeof consentStatusResponse>;

/** The consent page's token (`/consent/<token>`): its format is public, so a malformed one is a 400. */
export const consentLinkParams = z.object({
  token: z.string().regex(CONSENT_LINK.tokenPattern, { error: privacyMessages.consentLinkInvalid }),
});

/** GET /api/public/consentLink/{token}: whose consent the page asks for. */
export const consentLinkResponse = z.object({
  studentName: z.string(),
  noticeVersion: z.number().int(),
  expiresAt: z.string(),
});
export type ConsentLinkResponse = z.infer<typeof consentLinkResponse>;

/** POST /api/public/consentLink/{token}: the parent's answer, under the notice version the page showed. */
export const consentLinkAnswerRequest = z.object({
  messages: z.boolean({ error: 'Say whether you agree to messages' }),
  noticeVersion: z.number({ error: 'Read the privacy notice on this page' }).int().min(1).max(1_000_000),
});
export type ConsentLinkAnswerRequest = z.input<typeof consentLinkAnswerRequest>;

/** POST /api/counsellor/consent/{studentId}/code. */
export const sendConsentCodeRequest = z.object({
  language: z.enum(messageLanguages).default('mr'),
});
export type SendConsentCodeRequest = z.input<typeof sendConsentCodeRequest>;
export const sendConsentCodeResponse = z.object({
  /** True when a provider sent it; otherwise the counsellor sends the prepared text (waLink). */
  sent: z.boolean(),
  waLink: z.string().optional(),
  expiresAt: z.string(),
});
export type SendConsentCodeResponse = z.infer<typeof sendConsentCodeResponse>;

const messagesChoice = z.boolean({ error: 'Say whether the parent agrees to messages' });

/** POST /api/counsellor/consent/{studentId}/confirm: the code the parent read out. */
export const confirmConsentCodeRequest = z.object({
  code: z
    .string({ error: privacyMessages.consentCodeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: privacyMessages.consentCodeFormat }),
  messages: messagesChoice,
});
export type ConfirmConsentCodeRequest = z.input<typeof confirmConsentCodeRequest>;

/** POST /api/counsellor/consent/{studentId}/paper: a photo of the signed paper form. */
export const paperConsentRequest = z.object({
  photo: photoUrl(privacyMessages.consentPaperPhotoRequired),
  messages: messagesChoice,
});
export type PaperConsentRequest = z.input<typeof paperConsentRequest>;

export const consentAnswer = z.object({ message: z.string(), state: z.enum(consentStates) });

/** GET /api/admin/consent/waiting: registrations held for a parent's consent. */
export const consentWaitingResponse = z.object({
  total: z.number().int(),
  students: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      counsellor: z.string(),
      registeredAt: z.string(),
      state: z.enum(consentStates),
    }),
  ),
});
export type ConsentWaitingResponse = z.infer<typeof consentWaitingResponse>;

/** POST /api/admin/dataRequests: a family's request, recorded by the office. */
export const createDataRequestRequest = z.object({
  studentId: requiredText(20, 'Please enter a student ID'),
  kind: z.enum(dataRequestKinds, { error: privacyMessages.requestKindRequired }),
  receivedOn: dateField({
    required: privacyMessages.requestReceivedRequired,
    window: dateWindows.pastPayment,
    outside: privacyMessages.requestReceivedRange,
  }),
  details: optionalText(500, { multiline: true }),
});
export type CreateDataRequestRequest = z.input<typeof createDataRequestRequest>;
export type CreateDataRequestInput = z.output<typeof createDataRequestRequest>;

/** PUT /api/admin/dataRequests/{id}/close: what was done (or why it was refused). */
export const closeDataRequestRequest = z.object({
  status: z.enum(['done', 'refused'], { error: privacyMessages.requestOutcomeRequired }),
  outcome: requiredText(500, privacyMessages.requestOutcomeRequired, { multiline: true }),
});
export type CloseDataRequestRequest = z.input<typeof closeDataRequestRequest>;
export type CloseDataRequestInput = z.output<typeof closeDataRequestRequest>;

export const dataRequestIdParams = z.object({
  id: wholeNumber({
    required: privacyMessages.requestNotFound,
    invalid: privacyMessages.requestNotFound,
    min: 1,
    max: 2_147_483_647,
  }),
});

export const dataRequestRow = z.object({
  id: z.number().int(),
  studentId: z.string(),
  studentName: z.string(),
  kind: z.enum(dataRequestKinds),
  receivedOn: z.string(),
  dueOn: z.string(),
  details: z.string().nullable(),
  status: z.enum(dataRequestStatuses),
  outcome: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  isOverdue: z.boolean(),
});
export type DataRequestRowResponse = z.infer<typeof dataRequestRow>;
export const dataRequestsResponse = z.object({ data: z.array(dataRequestRow) });
export const dataRequestsQuery = z.object({ status: z.enum(['open', 'all']).default('open') });
export const dataRequestSaved = z.object({ message: z.string(), data: dataRequestRow });

/** GET /api/admin/privacy/summary: the figures on the admin's Home. */
export const privacySummary = z.object({
  waitingForConsent: z.number().int(),
  openRequests: z.number().int(),
  overdueRequests: z.number().int(),
});
export type PrivacySummary = z.infer<typeof privacySummary>;

const row = z.record(z.string(), z.unknown());
/**
 * GET /api/admin/dataCopy/{studentId}: everything held about one student, machine-readable (DPDP Act
 * s. 11). Photos as links to this server; `messages` is null while the product keeps none.
 */
export const studentDataCopy = z.object({
  format: z.literal('mock-board/student-data-copy/v1'),
  generatedAt: z.string(),
  student: row,
  photos: z.array(z.object({ purpose: z.string(), url: z.string() })),
  payments: z.array(row),
  marks: z.array(row),
  consents: z.array(row),
  enquiries: z.array(row),
  bookSets: z.array(row),
  hallTicketAllowances: z.array(row),
  requests: z.array(row),
  history: z.array(row),
  messages: z.array(row).nullable(),
});
export type StudentDataCopy = z.infer<typeof studentDataCopy>;

/** GET/PUT /api/admin/privacy/settings: the request deadline and the retention rules. */
export const privacySettingsRequest = z.object({
  requestDays: wholeNumber({
    required: 'Enter the days to answer a request',
    invalid: 'The DPDP Rules allow 1 to 90 days',
    min: 1,
    max: 90,
  }),
  enquiryMonths: wholeNumber({
    required: 'Enter a number of months',
    invalid: 'Enter 1 to 120 months',
    min: 1,
    max: 120,
  }),
  photoMonths: wholeNumber({
    required: 'Enter a number of months',
    invalid: 'Enter 1 to 120 months',
    min: 1,
    max: 120,
  }),
  financialYears: wholeNumber({
    required: 'Enter a number of years',
    invalid: 'Fee receipts and accounts are kept 8 to 20 years',
    min: 8,
    max: 20,
  }),
});
export type PrivacySettingsRequest = z.input<typeof privacySettingsRequest>;
/** The answer: the same four numbers. */
export const privacySettingsResponse = z.object({
  requestDays: z.number().int(),
  enquiryMonths: z.number().int(),
  photoMonths: z.number().int(),
  financialYears: z.number().int(),
});
export type PrivacySettings = z.output<typeof privacySettingsRequest>;

/** What a run of the retention rules did, or (a dry run) would do. */
export const retentionReport = z.object({
  isDryRun: z.boolean(),
  ranAt: z.string(),
  enquiriesAnonymised: z.array(z.number().int()),
  photosDeleted: z.array(z.object({ studentId: z.string(), examYear: z.number().int() })),
  /** Payments past the financial retention period: listed, never deleted by the job. */
  paymentsPastRetention: z.number().int(),
});
export type RetentionReport = z.infer<typeof retentionReport>;
export const retentionRuns = z.object({ data: z.array(retentionReport) });

/** GET /api/admin/accessLog/{studentId}: staff reads of one student's data, newest first. */
export const accessLogResponse = z.object({
  data: z.array(
    z.object({ id: z.number().int(), at: z.string(), actorName: z.string(), actorRole: z.string(), what: z.string() }),
  ),
});
export type AccessLogResponse = z.infer<typeof accessLogResponse>;
export const accessWhatLabels: Record<string, string> = {
  details: "Opened the student's details",
  registration_pdf: 'Printed the registration form',
  receipt_pdf: 'Printed a fee receipt',
  data_copy: 'Downloaded a copy of the data (JSON)',
  data_copy_pdf: 'Printed a copy of the data (PDF)',
  export: 'Exported registrations',
};

/**
 * Who was in the affected data: a centre, a standard, a range of registration days; nothing = everyone.
 * Strict: a key it does not know (`centreId`, `branch`) is refused, never dropped, since a dropped
 * filter would silently widen the scope (and the notices it sends) to everyone.
 */
export const breachScope = z.strictObject(
  {
    centerId: z.number().int().min(1).max(2_147_483_647).optional(),
    standard: z.enum(standards).optional(),
    from: optionalCalendarDate,
    to: optionalCalendarDate,
  },
  { error: messages.breachScopeKeys },
);
export type BreachScope = z.output<typeof breachScope>;

/** POST /api/admin/breaches: an incident as the admin records it. */
export const createBreachRequest = z.object({
  title: requiredText(200, 'Say what happened in a line'),
  description: requiredText(2000, 'Describe the breach', { multiline: true }),
  discoveredOn: dateField({
    required: 'Enter the day it was discovered',
    window: dateWindows.pastPayment,
    outside: 'The day must be today or up to a year back',
  }),
  measures: requiredText(2000, 'Say what has been done about it', { multiline: true }),
  scope: breachScope.default({}),
});
export type CreateBreachRequest = z.input<typeof createBreachRequest>;
export type CreateBreachInput = z.output<typeof createBreachRequest>;

export const breachRow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  discoveredOn: z.string(),
  measures: z.string(),
  scope: z.object({
    centerId: z.number().int().optional(),
    standard: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
  scopeText: z.string(),
  recordedAt: z.string(),
});
export type BreachRowResponse = z.infer<typeof breachRow>;
export const breachesResponse = z.object({ data: z.array(breachRow) });
export const breachSaved = z.object({ message: z.string(), data: breachRow });
export const breachIdParams = z.object({
  id: wholeNumber({ required: 'Breach not found', invalid: 'Breach not found', min: 1, max: 2_147_483_647 }),
});

/**
 * POST /api/admin/breaches/{id}/send: the families' notices queued through the message outbox, once per
 * breach and family. `skipped`: no parent consent, opted out or no mobile number (each with why);
 * `alreadySent`: queued by an earlier send of this breach.
 */
export const breachSendReport = z.object({
  message: z.string(),
  affected: z.number().int(),
  queued: z.number().int(),
  skipped: z.array(z.object({ studentId: z.string(), studentName: z.string(), reason: z.string() })),
  alreadySent: z.number().int(),
});
export type BreachSendReport = z.infer<typeof breachSendReport>;

/** GET /api/admin/breaches/{id}/notices: the families affected, each with their notice, and the Board's. */
export const breachNotices = z.object({
  affected: z.number().int(),
  board: z.string(),
  families: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      parentsNo: z.string(),
      en: z.string(),
      mr: z.string(),
      waLink: z.string(),
    }),
  ),
});
export type BreachNotices = z.infer<typeof breachNotices>;
