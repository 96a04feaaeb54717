import { z } from 'zod';
import { dateField, optionalText, requiredText } from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { rupeesSchema } from './money.rules';

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
  counsellorId: optionalText(64),
  counsellorName: optionalText(100),
  amountPaid: rupeesSchema(messages.settlementAmountInvalid, { min: 1 }),
  /**
   * Where the money went: one of the configured receiving accounts, `Other: <text>`, or (from the
   * product's existing client) a label of its own list. Any such text is accepted.
   */
  remark: requiredText(200, messages.settlementRemarkRequired),
  proofUrl: requiredText(200, messages.settlementProofRequired),
  paymentDate: dateField({
    required: messages.settlementDateRequired,
    window: dateWindows.pastPayment,
    outside: messages.settlementDateRange,
  }),
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

/**
 * A settlement's states: pending until an admin decides; a counsellor may withdraw a pending one; an
 * admin may reverse a verified one (with a reason). Only verified settlements reduce what is owed.
 */
export const verifyStatuses = ['pending', 'verified', 'rejected', 'withdrawn', 'reversed'] as const;
export type VerifyStatus = (typeof verifyStatuses)[number];

export const collectionPayment = z.object({
  id: z.number().int(),
  paymentDate: z.string(),
  amountPaid: z.number(),
  remark: z.string(),
  proofUrl: z.string(),
  verifyStatus: z.enum(verifyStatuses),
  rejectionReason: z.string().nullable(),
  /** Why an admin reversed a verified settlement. */
  reversalReason: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type CollectionPayment = z.infer<typeof collectionPayment>;

const decision = {
  status: z.enum(['verified', 'rejected'], { error: "Status must be 'verified' or 'rejected'" }),
  reason: optionalText(300, { multiline: true }),
};

export const verifyRequest = z
  .object(decision)
  .refine((value) => value.status !== 'rejected' || Boolean(value.reason), {
    path: ['reason'],
    message: messages.rejectionReasonRequired,
  });

/**
 * PUT /api/counsellor/collection/verifyPayment/{id}: the existing client's verify, which sends no reason
 * with a rejection (the server then records that none was given).
 */
export const verifyPaymentRequest = z.object(decision);

/** PUT /api/counsellor/myCollection/settlements/{id}: the counsellor corrects a pending settlement. */
export const editSettlementRequest = settleRequest.pick({
  amountPaid: true,
  remark: true,
  proofUrl: true,
  paymentDate: true,
});
export type EditSettlementRequest = z.input<typeof editSettlementRequest>;

/** POST /api/admin/collection/{id}/reverse: an admin reverses a verified settlement, with a reason. */
export const reverseSettlementRequest = z.object({
  reason: requiredText(300, messages.settlementReversalReasonRequired, { multiline: true }),
});
export type ReverseSettlementRequest = z.input<typeof reverseSettlementRequest>;

/** A settlement in the admin's list of every counsellor's transactions. */
export const collectionTransaction = collectionPayment.extend({
  counsellorId: z.string(),
  counsellorName: z.string(),
});
export type CollectionTransaction = z.infer<typeof collectionTransaction>;

export const settlementAccountsRequest = z.object({
  accounts: z.array(requiredText(100, 'Write the name of the account')).min(1).max(20),
});

/**
 * What a counsellor owes the company: fees collected less their commission, rounded to the paisa
 * once on the total.
 */
export function owedPaise(collectedPaise: number, commissionBp: number): number {
  return Math.round((collectedPaise * (10_000 - commissionBp)) / 10_000);
}
