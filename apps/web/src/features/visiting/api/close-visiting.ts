import type { CloseEnquiryRequest } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/counsellor/visiting/:id/close: closed with a reason, never deleted. */
export function closeVisiting({
  id,
  body,
}: {
  id: number;
  body: CloseEnquiryRequest;
}): Promise<ApiResponse<'visitingSaved'>> {
  return api.put(`/counsellor/visiting/${id}/close`, 'visitingSaved', body);
}

/** Failures are shown by the form. */
export function useCloseVisiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeVisiting,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
  });
}
