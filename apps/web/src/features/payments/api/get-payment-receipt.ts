import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** GET /api/pdf/payment-receipt: a student's fee receipt (all their payments) as a PDF. */
export function getPaymentReceipt(studentId: string): Promise<Blob> {
  return api.getBlob(`/pdf/payment-receipt?${new URLSearchParams({ studentId })}`);
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
