import { z } from 'zod';
import { dateField, optionalCalendarDate, optionalText, requiredText, wholeNumber } from './common.schemas';
import { GSTIN_PATTERN } from './corrections.rules';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { rupeesSchema } from './money.rules';
import { paymentModeSchema } from './registrations.schemas';

export { type Refund, refund } from './payments.schemas';

/** Cancellation requests: waiting for an admin, approved (the receipt is cancelled) or rejected. */
export const requestStatuses = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

const idField = (notFound: string) =>
  wholeNumber({ required: notFound, invalid: notFound, min: 1, max: 2_147_483_647 });

export const paymentIdParams = z.object({ paymentId: idField(messages.paymentNotFound) });
export const cancellationRequestParams = z.object({ id: idField(messages.cancellationRequestNotFound) });

const reason = requiredText(300, messages.correctionReasonRequired, { multiline: true });
/**
 * The due date the balance carries when a correction brings a balance back and the student had none
 * (they had paid everything); checked by `dueDateFor` once the server knows the new balance.
 */
const dueDate = optionalCalendarDate;

/** PUT /api/admin/payments/{paymentId}/cancel. */
export const cancelPaymentRequest = z.object({ reason, dueDate });
export type CancelPaymentRequest = z.input<typeof cancelPaymentRequest>;

/** POST /api/counsellor/payments/{paymentId}/cancellationRequest: a counsellor asks, with a reason. */
export const requestCancellationRequest = z.object({ reason });

/** PUT /api/admin/cancellationRequests/{id}: approve (cancels the receipt) or reject with a reason. */
export const decideCancellationRequest = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: messages.cancellationDecisionInvalid }),
    reason: optionalText(300, { multiline: true }),
    dueDate,
  })
  .refine((value) => value.status !== 'rejected' || value.reason !== undefined, {
    path: ['reason'],
    error: messages.cancellationRejectionReasonRequired,
  });
export type DecideCancellationRequest = z.input<typeof decideCancellationRequest>;

export const cancellationRequestsQuery = z.object({
  status: z.enum(requestStatuses, { error: messages.cancellationDecisionInvalid }).optional(),
});

export const cancellationRequest = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  receiptNumber: z.string(),
  amountPaid: z.number(),
  studentId: z.string(),
  studentName: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  status: z.enum(requestStatuses),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CancellationRequest = z.infer<typeof cancellationRequest>;

/** POST /api/admin/refunds: money paid back against one of the student's receipts. */
export const refundRequest = z.object({
  paymentId: idField(messages.paymentNotFound),
  amount: rupeesSchema(messages.refundAmountInvalid, { min: 0.01 }),
  refundMode: paymentModeSchema,
  refundedOn: dateField({
    required: messages.refundDateRequired,
    window: dateWindows.pastPayment,
    outside: messages.refundDateRange,
  }),
  reason,
  dueDate,
});
export type RefundRequest = z.input<typeof refundRequest>;

export const refundIdQuery = z.object({ refundId: idField(messages.refundNotFound) });

/** What a correction answers: the student's balance after it. */
export const correctionResponse = z.object({
  message: z.string(),
  amountPaid: z.number(),
  amountRemaining: z.number(),
  dueDate: z.string().nullable(),
  /** A refund's voucher number. */
  voucherNumber: z.string().optional(),
  refundId: z.number().int().optional(),
  /**
   * A cancelled cash receipt the counsellor had already settled leaves them owed money by the company:
   * said here, so the admin notices (their cash in hand reads below zero until it is squared).
   */
  warning: z.string().optional(),
});
export type CorrectionResponse = z.infer<typeof correctionResponse>;

/** GET/PUT /api/admin/gstSettings: off while the GSTIN is blank. */
export const gstSettingsRequest = z.object({
  /** Missing or blank: GST receipts off. */
  gstin: optionalText(20)
    .transform((value) => value?.toUpperCase())
    .refine((value) => value === undefined || GSTIN_PATTERN.test(value), { error: messages.gstinInvalid }),
  legalName: requiredText(200, messages.gstLegalNameRequired),
  address: requiredText(500, messages.gstAddressRequired, { multiline: true }),
  bankName: optionalText(200),
  bankAccount: optionalText(40),
  ifsc: optionalText(20),
});
export type GstSettingsRequest = z.input<typeof gstSettingsRequest>;

export const gstSettings = z.object({
  enabled: z.boolean(),
  gstin: z.string(),
  legalName: z.string(),
  address: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  ifsc: z.string(),
});
export type GstSettings = z.infer<typeof gstSettings>;

/** GET /api/admin/gstSummary.xlsx?month=2026-04: the month's tax receipts and refunds, for the accountant. */
export const gstSummaryQuery = z.object({
  month: z.string({ error: messages.gstMonthInvalid }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, {
    error: messages.gstMonthInvalid,
  }),
});
