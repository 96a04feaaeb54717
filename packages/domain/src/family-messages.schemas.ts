import { z } from 'zod';
import { optionalText, requiredText, wholeNumber } from './common.schemas';
import {
  MAX_ATTEMPTS,
  messageKinds,
  messageLanguages,
  messageStatuses,
  messageTexts,
  unknownVariables,
} from './family-messages.rules';
import { phoneNumberSchema } from './phone.rules';
import { standards } from './standards.rules';

export { MAX_ATTEMPTS };

const templateBody = requiredText(1000, messageTexts.templateEmpty, { multiline: true }).superRefine(
  (text, context) => {
    const unknown = unknownVariables(text);
    if (unknown.length > 0) context.addIssue({ code: 'custom', message: messageTexts.unknownVariable(unknown) });
  },
);

export const messageKindParams = z.object({ kind: z.enum(messageKinds) });

export const messageTemplate = z.object({
  kind: z.enum(messageKinds),
  bodyEn: z.string(),
  bodyMr: z.string(),
  language: z.enum(messageLanguages),
  /** The name of the template approved on WhatsApp, when business-initiated messages must use one. */
  whatsappTemplate: z.string().nullable(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const updateTemplateRequest = z.object({
  bodyEn: templateBody,
  bodyMr: templateBody,
  language: z.enum(messageLanguages),
  whatsappTemplate: optionalText(100)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9_]+$/, { error: 'A WhatsApp template name has lower-case letters, digits and _ only.' })
        .optional(),
    )
    .transform((value) => value ?? null),
});

/** Who a sending job reaches: the overdue list, a centre's students, or a standard's. */
export const messageAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('overdue') }),
  z.object({
    type: z.literal('due_soon'),
    days: wholeNumber({ required: 'Days from 1 to 60.', invalid: 'Days from 1 to 60.', min: 1, max: 60 }),
  }),
  z.object({
    type: z.literal('centre'),
    centreId: wholeNumber({
      required: messageTexts.centreRequired,
      invalid: messageTexts.centreRequired,
      min: 1,
      max: 2_000_000_000,
    }),
  }),
  z.object({ type: z.literal('standard'), standard: z.enum(standards, { error: messageTexts.standardRequired }) }),
]);
export type MessageAudience = z.infer<typeof messageAudience>;

export const messageJobRequest = z.object({
  kind: z.enum(messageKinds),
  audience: messageAudience,
  language: z.enum(messageLanguages).optional(),
});
export type MessageJobRequest = z.input<typeof messageJobRequest>;

export const previewRecipient = z.object({
  studentId: z.string(),
  studentName: z.string(),
  phone: z.string(),
  text: z.string(),
  /** Why this parent gets nothing: opted out, or no valid number. */
  skipReason: z.string().nullable(),
});
export const messagePreview = z.object({
  total: z.number().int(),
  willSend: z.number().int(),
  skipped: z.number().int(),
  /** The first recipients, each with the text they would receive. */
  recipients: z.array(previewRecipient),
  /** How messages leave: a provider's name, or 'none' (prepared: sent by hand with the WhatsApp link). */
  channel: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

const statusCounts = z.object(Object.fromEntries(messageStatuses.map((status) => [status, z.number().int()])));

export const messageJob = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  total: z.number().int(),
  counts: statusCounts,
});
export type MessageJob = z.infer<typeof messageJob>;

export const messageJobParams = z.object({
  id: wholeNumber({
    required: messageTexts.jobNotFound,
    invalid: messageTexts.jobNotFound,
    min: 1,
    max: 2_000_000_000,
  }),
});

export const messageLogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  phone: z.string(),
  channel: z.string(),
  status: z.enum(messageStatuses),
  failReason: z.string().nullable(),
  body: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** A wa.me link with the text, for a message prepared without a provider. */
  whatsAppLink: z.string().nullable(),
});
export type MessageLogEntry = z.infer<typeof messageLogEntry>;

export const messageJobDetail = messageJob.extend({
  /** The failed and prepared messages first, then the rest; at most 200. */
  messages: z.array(messageLogEntry),
});
export type MessageJobDetail = z.infer<typeof messageJobDetail>;

export const consentRequest = z.object({
  phone: phoneNumberSchema,
  optedOut: z.boolean(),
  note: optionalText(200),
});
export const consentEntry = z.object({
  phone: z.string(),
  optedOut: z.boolean(),
  source: z.string(),
  note: z.string().nullable(),
  changedAt: z.string(),
});
export type ConsentEntry = z.infer<typeof consentEntry>;
