import type { CloseEnquiryRequest } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/counsellor/visiting/:id/close: closed with a reason, never deleted; a closed enquiry is lost
 * (decision 017). Shared by the Visiting Table and the follow-ups (a website enquiry answers its own shape).
 */
export function closeEnquiry({
  id,
  body,
}: {
  id: number;
  body: CloseEnquiryRequest;
}): Promise<ApiResponse<'enquiryClosed'>> {
  return api.put(`/counsellor/visiting/${id}/close`, 'enquiryClosed', body);
}

/** Failures are shown by the form. */
export function useCloseEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeEnquiry,
    meta: { isShownByForm: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
        queryClient.invalidateQueries({ queryKey: queryKeys.funnel }),
      ]),
  });
}
