import type {
  CancelPaymentRequest,
  DecideCancellationRequest,
  GstSettingsRequest,
  RefundRequest,
} from '@app/domain/corrections.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Corrections of receipts (issue 25): a cancellation, a counsellor's request for one, an admin's decision,
 * a refund. Each changes a student's balance, so Payment Records, collections, Home and the student
 * refresh after it.
 */
function useCorrection<Variables, Answer>(write: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Each screen tells a refusal itself (on the form's field, or as a toast).
    meta: { isShownByForm: true },
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.payments,
          queryKeys.cancellationRequests,
          queryKeys.collections,
          queryKeys.home,
          queryKeys.students,
          queryKeys.activity,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const useCancelPayment = () =>
  useCorrection(({ paymentId, body }: { paymentId: number; body: CancelPaymentRequest }) =>
    api.put(`/admin/payments/${paymentId}/cancel`, 'correction', body),
  );

export const useRequestCancellation = () =>
  useCorrection(({ paymentId, reason }: { paymentId: number; reason: string }) =>
    api.post(`/counsellor/payments/${paymentId}/cancellationRequest`, 'message', { reason }),
  );

export const useDecideCancellation = () =>
  useCorrection(({ id, body }: { id: number; body: DecideCancellationRequest }) =>
    api.put(`/admin/cancellationRequests/${id}`, 'cancellationDecided', body),
  );

export const useRefund = () => useCorrection((body: RefundRequest) => api.post('/admin/refunds', 'correction', body));

/** Requests waiting for an admin first, then decided ones, newest first. */
export function useCancellationRequests() {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.cancellationRequests],
      queryFn: () => api.get('/admin/cancellationRequests', 'cancellationRequests'),
    }),
  );
}

export function useGstSettings() {
  return useQuery(
    queryOptions({ queryKey: [...queryKeys.gstSettings], queryFn: () => api.get('/admin/gstSettings', 'gstSettings') }),
  );
}

export function useSaveGstSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GstSettingsRequest) => api.put('/admin/gstSettings', 'gstSettingsSaved', body),
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.gstSettings }),
  });
}

/** The month's GST summary workbook, with the server's file name. */
export const getGstSummary = (month: string) => api.getFile(`/admin/gstSummary.xlsx?${new URLSearchParams({ month })}`);

/** A refund's voucher PDF. */
export const getRefundVoucher = (refundId: number) =>
  api.getBlob(`/pdf/refund-voucher?${new URLSearchParams({ refundId: String(refundId) })}`);
