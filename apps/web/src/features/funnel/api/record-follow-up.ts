import type { FollowUpRequest } from '@app/domain/funnel.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/counsellor/enquiries/:id/follow-ups: a call or visit and the next date. */
export function recordFollowUp({
  id,
  body,
}: {
  id: number;
  body: FollowUpRequest;
}): Promise<ApiResponse<'followUpSaved'>> {
  return api.post(`/counsellor/enquiries/${id}/follow-ups`, 'followUpSaved', body);
}

/** Failures are shown by the form. */
export function useRecordFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordFollowUp,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.funnel }),
  });
}
