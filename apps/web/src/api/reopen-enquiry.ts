import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /api/counsellor/visiting/:id/reopen: a closed (lost) enquiry open again, back in its stage. Shared
 * by the Visiting Table and the follow-ups' enquiry details (a website enquiry answers its own shape).
 */
export function reopenEnquiry(id: number): Promise<ApiResponse<'enquiryClosed'>> {
  return api.put(`/counsellor/visiting/${id}/reopen`, 'enquiryClosed');
}

/** A failure (already open, not found) is one toast, from the API client. */
export function useReopenEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenEnquiry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
        queryClient.invalidateQueries({ queryKey: queryKeys.funnel }),
      ]),
  });
}
