import { formatReceiptNumber } from './payments.schemas';

/**
 * Corrections of money received (issue 25; docs/decisions/016-receipt-corrections.md): what a student
 * has paid once receipts are cancelled and refunds paid, and the GST split of a tax-inclusive fee.
 * All in integer paise.
 */

/** Paid = the non-cancelled payments − the refunds; balance = what is owed − paid. */
export function ledgerBalance({
  owedPaise,
  payments,
  refundedPaise,
}: {
  /** The fee less any concessions (the student's total). */
  owedPaise: number;
  payments: readonly { amountPaise: number; cancelled: boolean }[];
  refundedPaise: number;
}): { paidPaise: number; remainingPaise: number } {
  const received = payments.reduce((sum, row) => (row.cancelled ? sum : sum + row.amountPaise), 0);
  const paidPaise = received - refundedPaise;
  return { paidPaise, remainingPaise: owedPaise - paidPaise };
}

/**
 * A student's account as it stood at one moment (docs/decisions/016-receipt-corrections.md): what a
 * receipt or a voucher prints, however it is reprinted later. Owed = the fee less the concessions
 * approved by then; paid = the payments issued by then that were not cancelled by then, less the refunds
 * recorded by then. A payment cancelled later still counts (it did when the receipt was issued); a
 * refund or a concession decided later does not. `payments` and `refunds` are those issued up to and
 * including the document's own record (the caller cuts them by their id, as the student's lock ordered
 * them); `at` is that record's time.
 */
export function accountAsOf({
  at,
  feePaise,
  payments,
  refunds,
  concessions,
}: {
  at: Date;
  feePaise: number;
  payments: readonly { amountPaise: number; createdAt: Date; cancelledAt: Date | null }[];
  refunds: readonly { amountPaise: number; createdAt: Date }[];
  concessions: readonly { amountPaise: number; status: string; decidedAt: Date | null }[];
}): { owedPaise: number; paidPaise: number; balancePaise: number } {
  const by = at.getTime();
  const concessionPaise = concessions
    .filter((row) => row.status === 'approved' && row.decidedAt !== null && row.decidedAt.getTime() <= by)
    .reduce((sum, row) => sum + row.amountPaise, 0);
  const owedPaise = feePaise - concessionPaise;
  const { paidPaise, remainingPaise } = ledgerBalance({
    owedPaise,
    payments: payments
      .filter((row) => row.createdAt.getTime() <= by)
      .map((row) => ({
        amountPaise: row.amountPaise,
        cancelled: row.cancelledAt !== null && row.cancelledAt.getTime() <= by,
      })),
    refundedPaise: refunds
      .filter((row) => row.createdAt.getTime() <= by)
      .reduce((sum, row) => sum + row.amountPaise, 0),
  });
  return { owedPaise, paidPaise, balancePaise: remainingPaise };
}

/**
 * What can still be refunded against a receipt: nothing when it is cancelled; otherwise its amount less
 * the refunds against it, and never more than the student's paid (net) amount.
 */
export function refundablePaise({
  paymentPaise,
  cancelled,
  refundedAgainstPaymentPaise,
  studentPaidPaise,
}: {
  paymentPaise: number;
  cancelled: boolean;
  refundedAgainstPaymentPaise: number;
  studentPaidPaise: number;
}): number {
  if (cancelled) return 0;
  return Math.max(0, Math.min(paymentPaise - refundedAgainstPaymentPaise, studentPaidPaise));
}

/** Coaching fees: SAC 999293 ('commercial training and coaching services'), GST 18% as CGST 9% + SGST 9%. */
export const GST_SAC = '999293';
export const GST_RATE_BP = 1800;

export type GstSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number };

/**
 * A tax-inclusive amount split into taxable value, CGST and SGST, to the paisa, the parts summing to
 * the amount exactly: taxable = amount × 100 / 118 rounded to the nearest paisa (half up); the tax is
 * the rest; CGST takes the larger half when the tax is an odd number of paise, SGST the other.
 */
export function gstSplit(amountPaise: number): GstSplit {
  const taxablePaise = Math.floor((amountPaise * 10000 * 2 + (10000 + GST_RATE_BP)) / ((10000 + GST_RATE_BP) * 2));
  const taxPaise = amountPaise - taxablePaise;
  const cgstPaise = Math.ceil(taxPaise / 2);
  return { taxablePaise, cgstPaise, sgstPaise: taxPaise - cgstPaise };
}

/** The GSTIN's shape: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The number series a receipt or voucher takes, per financial year. */
export const numberSeries = {
  receipt: { counter: (fy: string) => `receipt:${fy}`, format: formatReceiptNumber },
  gstReceipt: {
    counter: (fy: string) => `gst-receipt:${fy}`,
    format: (fy: string, n: number) => `GST/${fy}/${pad(n)}`,
  },
  refund: { counter: (fy: string) => `refund:${fy}`, format: (fy: string, n: number) => `RF/${fy}/${pad(n)}` },
} as const;

function pad(n: number): string {
  return String(n).padStart(6, '0');
}
