import { z } from 'zod';
import { emailSchema, isoDateSchema, optionalText, phoneSchema, requiredText, uuidSchema } from './common.schemas';
import { indianToday, shiftDate } from './dates.rules';
import { messages } from './messages';
import { standards } from './standards.rules';
import {
  type EnquiryStage,
  enquiryCloseReasons,
  enquirySources,
  enquiryStages,
  funnelStatuses,
} from './visiting.schemas';

export const followUpKinds = ['call', 'visit'] as const;
export type FollowUpKind = (typeof followUpKinds)[number];
export const followUpOutcomes = [
  'Spoke to parent',
  'No answer',
  'Call back later',
  'Visited office',
  'Wrong number',
] as const;
export type FollowUpOutcome = (typeof followUpOutcomes)[number];

/** Where a follow-up date falls against today in India. */
export const queueBuckets = ['overdue', 'today', 'upcoming'] as const;
export type QueueBucket = (typeof queueBuckets)[number];

/** Overdue before today, today, upcoming after: Indian calendar dates, `now` a parameter. */
export function queueBucketOf(nextFollowUpOn: string, now: Date): QueueBucket {
  const today = indianToday(now);
  if (nextFollowUpOn < today) return 'overdue';
  return nextFollowUpOn === today ? 'today' : 'upcoming';
}

/** `tel:` and WhatsApp links for an Indian 10-digit number. */
export const telLink = (phone: string) => `tel:+91${phone}`;
export const whatsAppLink = (phone: string) => `https://wa.me/91${phone}`;

/** A real calendar date between `back` days ago and `ahead` days ahead of today in India. */
function dateWithin({ back, ahead, message }: { back: number; ahead: number; message: string }) {
  return isoDateSchema.superRefine((value, ctx) => {
    const today = indianToday();
    if (value < shiftDate(today, { days: -back }) || value > shiftDate(today, { days: ahead })) {
      ctx.addIssue({ code: 'custom', message });
    }
  });
}

/**
 * POST /api/public/enquiry: the public site's contact form. `website` is a honeypot a person never sees
 * (a bot that fills every field fills it); `consent` is the visitor's tick that they agree to be contacted.
 */
export const publicEnquiryRequest = z.object({
  name: requiredText(100, messages.studentNameRequired),
  /** SPEC §2's contact form asks for it; kept with the enquiry when given. */
  email: z.preprocess((value) => (value === '' || value === null ? undefined : value), emailSchema.optional()),
  phone: phoneSchema,
  standard: z.enum(standards, { error: messages.standardRequired }),
  city: requiredText(60, messages.enquiryCityRequired),
  message: optionalText(1000, { multiline: true }),
  consent: z.literal(true, { error: messages.enquiryConsentRequired }),
  website: optionalText(200),
});
export type PublicEnquiryRequest = z.input<typeof publicEnquiryRequest>;

/** POST /api/counsellor/enquiries/:id/follow-ups: one call or visit, and when to follow up next. */
export const followUpRequest = z.object({
  kind: z.enum(followUpKinds, { error: messages.followUpKindRequired }),
  doneOn: dateWithin({ back: 30, ahead: 0, message: messages.followUpDateRange }),
  outcome: z.enum(followUpOutcomes, { error: messages.followUpOutcomeRequired }),
  note: optionalText(500, { multiline: true }),
  /** Empty: no further follow-up planned. */
  nextFollowUpOn: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    dateWithin({ back: 0, ahead: 366, message: messages.nextFollowUpRange }).optional(),
  ),
  /** Moves the open enquiry to this stage. */
  stage: z.enum(enquiryStages).optional(),
});
export type FollowUpRequest = z.input<typeof followUpRequest>;

/** PUT /api/admin/enquiries/:id/assign: the counsellor who follows it up. */
export const assignEnquiryRequest = z.object({ counsellor: uuidSchema });

export const followUp = z.object({
  id: z.number().int(),
  kind: z.enum(followUpKinds),
  doneOn: z.string(),
  outcome: z.enum(followUpOutcomes),
  note: z.string().nullable(),
  nextFollowUpOn: z.string().nullable(),
  by: z.string(),
  createdAt: z.string(),
});
export type FollowUp = z.infer<typeof followUp>;

/** An enquiry as the funnel screens show it (a website enquiry has no visiting form behind it). */
export const funnelEnquiry = z.object({
  id: z.number().int(),
  studentName: z.string(),
  standard: z.enum(standards),
  /** The number to call: the parent's. */
  phone: z.string(),
  city: z.string().nullable(),
  message: z.string().nullable(),
  source: z.enum(enquirySources),
  status: z.enum(funnelStatuses),
  assignedTo: z.string().nullable(),
  assignedName: z.string().nullable(),
  nextFollowUpOn: z.string().nullable(),
  convertedStudentId: z.string().nullable(),
  closedReason: z.enum(enquiryCloseReasons).nullable(),
  createdAt: z.string(),
});
export type FunnelEnquiry = z.infer<typeof funnelEnquiry>;

export const followUpAnswer = z.object({ message: z.string(), data: funnelEnquiry });

/** GET /api/counsellor/follow-ups: open enquiries with a next follow-up date, by bucket. */
export const followUpQueue = z.object({
  today: z.string(),
  overdue: z.array(funnelEnquiry),
  dueToday: z.array(funnelEnquiry),
  upcoming: z.array(funnelEnquiry),
  /** Admins: website enquiries no counsellor of the city could take. */
  unassigned: z.array(funnelEnquiry),
});
export type FollowUpQueue = z.infer<typeof followUpQueue>;

export const enquiryHistory = z.object({ data: funnelEnquiry, followUps: z.array(followUp) });
export type EnquiryHistory = z.infer<typeof enquiryHistory>;

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/counsellor/reports/funnel: one period (Indian dates, both ends included). */
export const reportQuery = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    counsellor: z.preprocess(blankAsAbsent, uuidSchema.optional()),
    branch: z.preprocess(blankAsAbsent, optionalText(60)),
    format: z.enum(['json', 'xlsx']).optional(),
  })
  .refine((value) => value.from <= value.to, { path: ['to'], message: messages.reportPeriodOrder });
export type ReportQuery = z.input<typeof reportQuery>;
/** The report's filter as a screen holds it. */
export type ReportFilter = Omit<z.output<typeof reportQuery>, 'format'>;

/** One counsellor's figures over the period; money in paise. */
export const counsellorReport = z.object({
  counsellor: z.string(),
  name: z.string(),
  branch: z.string(),
  enquiries: z.number().int(),
  bySource: z.record(z.string(), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
  followUpsDone: z.number().int(),
  followUpsOverdue: z.number().int(),
  registrations: z.number().int(),
  /** Enquiries of the period registered, over the enquiries of the period (0 when none). */
  conversionRate: z.number(),
  feesCollected: z.number().int(),
  duesOutstanding: z.number().int(),
  cashSettled: z.number().int(),
  cashInHand: z.number().int(),
});
export type CounsellorReport = z.infer<typeof counsellorReport>;

export const funnelReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(counsellorReport),
  total: counsellorReport,
});
export type FunnelReport = z.infer<typeof funnelReport>;

/** GET /api/counsellor/enquiries?format=xlsx: the enquiries download, from the screen's filters. */
export const enquiriesQuery = z.object({
  from: z.preprocess(blankAsAbsent, isoDateSchema.optional()),
  to: z.preprocess(blankAsAbsent, isoDateSchema.optional()),
  counsellor: z.preprocess(blankAsAbsent, uuidSchema.optional()),
  source: z.preprocess(blankAsAbsent, z.enum(enquirySources).optional()),
  status: z.preprocess(blankAsAbsent, z.enum(funnelStatuses).optional()),
  format: z.enum(['json', 'xlsx']).optional(),
});
export type EnquiriesQuery = z.input<typeof enquiriesQuery>;
export type EnquiriesFilter = Omit<z.output<typeof enquiriesQuery>, 'format'>;
export const enquiryList = z.object({ data: z.array(funnelEnquiry) });

/** Outcomes that mean someone was reached: a new enquiry becomes contacted. */
const reachedOutcomes: readonly FollowUpOutcome[] = ['Spoke to parent', 'Visited office', 'Call back later'];

/** The stage after a follow-up: the one the counsellor chose, else contacted once someone was reached. */
export function stageAfterFollowUp(
  current: EnquiryStage,
  { outcome, stage }: { outcome: FollowUpOutcome; stage?: EnquiryStage | undefined },
): EnquiryStage {
  if (stage) return stage;
  return current === 'new' && reachedOutcomes.includes(outcome) ? 'contacted' : current;
}

/** Website enquiries a visitor may send from one address in an hour, and about one number in a day. */
export const WEBSITE_ENQUIRY_LIMITS = {
  perAddress: { count: 20, windowMs: 3600_000 },
  perPhone: { count: 3, windowMs: 24 * 3600_000 },
} as const;
