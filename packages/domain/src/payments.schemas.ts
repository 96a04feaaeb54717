import { z } from 'zod';
import { optionalCalendarDate, optionalNumberField, requiredText } from './common.schemas';
import { messages } from './messages';
import { MAX_AMOUNT_RUPEES, rupeesSchema } from './money.rules';
import { listQueryFields, pageOf } from './paging.schemas';
import { paymentModeSchema, paymentModes, receiptNoSchema } from './registrations.schemas';
import { studentStatuses } from './students.rules';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /api/counsellor/makePayment (SPEC §3 Payment payload). The server computes the new remaining
 * from the stored balance; `newRemainingAmount` is only compared with it. `counsellor` and `createdBy`
 * are ignored: the payment is the signed-in counsellor's.
 */
export const makePaymentRequest = z.object({
  studentId: requiredText(20, messages.noStudentSelected),
  receiptNo: z.preprocess(blankToUndefined, receiptNoSchema.optional()),
  amountPaid: rupeesSchema(messages.paymentAmountInvalid, { min: 0.01 }),
  paymentMode: paymentModeSchema,
  newRemainingAmount: optionalNumberField({
    invalid: 'New remaining amount must be a number of rupees',
    min: 0,
    max: MAX_AMOUNT_RUPEES,
    decimals: 2,
  }),
  /** Checked by `dueDateFor` once the server knows whether anything remains. */
  newDueDate: optionalCalendarDate,
  receiptPhoto: requiredText(200, messages.receiptPhotoFirst),
});
export type MakePaymentRequest = z.input<typeof makePaymentRequest>;

export const makePaymentResponse = z.object({
  message: z.string(),
  paymentId: z.number().int(),
  receiptNumber: z.string(),
  amountRemaining: z.number(),
  dueDate: z.string().nullable(),
});
export type MakePaymentResponse = z.infer<typeof makePaymentResponse>;

/** SPEC §3 Payment, amounts in rupees; `receiptPhoto` is the stored image's path. */
export const payment = z.object({
  paymentId: z.number().int(),
  receiptNo: z.string().nullable(),
  receiptNumber: z.string(),
  amountPaid: z.number(),
  createdAt: z.string(),
  paymentMode: z.enum(paymentModes),
  receiptPhoto: z.string(),
  /** Beyond SPEC (issue 25): when and why an admin cancelled the receipt; it then counts nowhere. */
  cancelledAt: z.string().nullable().optional(),
  cancelReason: z.string().nullable().optional(),
  /** A GST tax receipt (the institute's GSTIN was set when it was issued). */
  isTaxReceipt: z.boolean().optional(),
});
export type Payment = z.infer<typeof payment>;

/** A refund as the student's payment history shows it. */
export const refund = z.object({
  refundId: z.number().int(),
  voucherNumber: z.string(),
  paymentId: z.number().int(),
  amount: z.number(),
  refundMode: z.enum(paymentModes),
  refundedOn: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refund>;

/** SPEC §3 Payment summary per student. */
export const paymentSummary = z.object({
  studentId: z.string(),
  studentName: z.string(),
  amountPaid: z.number(),
  amountRemaining: z.number(),
  dueDate: z.string().nullable(),
  /** Active, or inactive (withdrawn: no new payment is taken). */
  status: z.enum(studentStatuses).optional(),
  payments: z.array(payment),
  /** Beyond SPEC (issue 25): money paid back, newest first. */
  refunds: z.array(refund).optional(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

/**
 * GET /api/counsellor/getPayments: without `page` the SPEC §7 answer `{ studentData }` (every
 * student); with `page`, one page `{ data, totalCount, totalPages }`. Search matches the name,
 * student ID, a payment ID or a receipt number (ours or the paper book's).
 */
export const getPaymentsQuery = z.object({
  ...listQueryFields,
  /** `xlsx`: every payment of the filter's students as Excel, one row per payment (issue 26). */
  format: z.enum(['json', 'xlsx']).optional(),
});
export type GetPaymentsQuery = z.infer<typeof getPaymentsQuery>;

export const paymentSummaryPage = pageOf(paymentSummary);

/** Financial years run April to March: a payment on 2027-02-10 is in '2026-27'. */
export function financialYearOf(indianDate: string): string {
  const year = Number(indianDate.slice(0, 4));
  const start = Number(indianDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function formatReceiptNumber(financialYear: string, sequence: number): string {
  return `${financialYear}/${String(sequence).padStart(6, '0')}`;
}
