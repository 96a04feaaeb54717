import { z } from 'zod';
import { consentDecisions, consentMethods, consentStates, messageLanguages } from './privacy.rules';
import { photoUrl } from './registrations.schemas';

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
