import { z } from 'zod';
import { isoDateSchema } from './common.schemas';
import { messages } from './messages';
import { hasAtMostTwoDecimals, MAX_AMOUNT_RUPEES } from './money.rules';

/** The custom remark of SPEC §5 Settlement is stored with this prefix. */
export const OTHER_ACCOUNT = 'Other Account';
export const OTHER_PREFIX = 'Other:';

/** Receiving accounts an admin has set up when none are configured yet (SPEC §5 Settlement). */
export const defaultSettlementAccounts = [
  'Company account at Bank A',
  'Company account at Bank B',
  'Personal account of the director',
  'Personal account of the accountant',
];

export const settleRequest = z.object({
  /** Sent by the spec's client; the server settles for the signed-in counsellor only. */
  counsellorId: z.string().max(64).optional(),
  counsellorName: z.string().max(100).optional(),
  amountPaid: z.coerce
    .number({ error: messages.settlementAmountInvalid })
    .min(1, { error: messages.settlementAmountInvalid })
    .max(MAX_AMOUNT_RUPEES, { error: messages.settlementAmountInvalid })
    .refine(hasAtMostTwoDecimals, {
      error: messages.settlementAmountInvalid,
    }),
  remark: z
    .string({ error: messages.settlementRemarkRequired })
    .trim()
    .min(1, { error: messages.settlementRemarkRequired })
    .max(200),
  proofUrl: z
    .string({ error: messages.settlementProofRequired })
    .trim()
    .min(1, { error: messages.settlementProofRequired })
    .max(200),
  paymentDate: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), isoDateSchema.optional())
    .refine((value) => value !== undefined, { error: messages.settlementDateRequired }),
});
export type SettleRequest = z.input<typeof settleRequest>;

/** A counsellor's cash ledger, in rupees (commissionRate in percent). */
export const collectionSummary = z.object({
  counsellorId: z.string(),
  counsellorName: z.string(),
  totalAmount: z.number(),
  commissionRate: z.number(),
  actualAmount: z.number(),
  collectedAmount: z.number(),
  pendingAmount: z.number(),
  balance: z.number(),
  lastCollectedDate: z.string().nullable(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;

export const verifyStatuses = ['pending', 'verified', 'rejected'] as const;

export const collectionPayment = z.object({
  id: z.number().int(),
  paymentDate: z.string(),
  amountPaid: z.number(),
  remark: z.string(),
  proofUrl: z.string(),
  verifyStatus: z.enum(verifyStatuses),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CollectionPayment = z.infer<typeof collectionPayment>;

export const verifyRequest = z
  .object({
    status: z.enum(['verified', 'rejected'], { error: "Status must be 'verified' or 'rejected'" }),
    reason: z.string().trim().max(300).optional(),
  })
  .refine((value) => value.status !== 'rejected' || Boolean(value.reason), {
    path: ['reason'],
    message: messages.rejectionReasonRequired,
  });

export const settlementAccountsRequest = z.object({
  accounts: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
});

/**
 * What a counsellor owes the company: fees collected less their commission, rounded to the paisa
 * once on the total.
 */
export function owedPaise(collectedPaise: number, commissionBp: number): number {
  return Math.round((collectedPaise * (10_000 - commissionBp)) / 10_000);
}
