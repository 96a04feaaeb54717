import { z } from 'zod';
import { optionalCalendarDate, optionalNumberField, requiredText } from './common.schemas';
import { messages } from './messages';
import { MAX_AMOUNT_RUPEES, rupeesSchema } from './money.rules';
import { listQueryFields, pageOf } from './paging.schemas';
import { paymentModeSchema, paymentModes, receiptNoSchema } from './registrations.schemas';

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
});
export type Payment = z.infer<typeof payment>;

/** SPEC §3 Payment summary per student. */
export const paymentSummary = z.object({
  studentId: z.string(),
  studentName: z.string(),
  amountPaid: z.number(),
  amountRemaining: z.number(),
  dueDate: z.string().nullable(),
  payments: z.array(payment),
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
