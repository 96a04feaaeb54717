import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export type ReceiptRequest = {
  studentId: string;
  /** One payment's receipt; without it, the statement of all the student's payments. */
  paymentId?: number;
};

/** GET /api/pdf/payment-receipt: one payment's receipt, or a student's fee statement, as a PDF. */
export function getPaymentReceipt({ studentId, paymentId }: ReceiptRequest): Promise<Blob> {
  const query = new URLSearchParams({ studentId });
  if (paymentId !== undefined) query.set('paymentId', String(paymentId));
  return api.getBlob(`/pdf/payment-receipt?${query}`);
}

/** SPEC §8 Receipts and proofs: 403 'Student not found!', other 'Receipt download failed.'. */
export function paymentReceiptError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return messages.studentNotFoundPdf;
  return messages.receiptDownloadFailed;
}

/** Fetched on demand (a button), so a mutation: each press asks for a fresh document. */
export function usePaymentReceipt() {
  return useMutation({ mutationFn: getPaymentReceipt });
}
