import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/counsellor/visiting/:id/reopen. */
export function reopenVisiting(id: number): Promise<ApiResponse<'visitingSaved'>> {
  return api.put(`/counsellor/visiting/${id}/reopen`, 'visitingSaved');
}

/** A failure (already open, not found) is one toast, from the API client. */
export function useReopenVisiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenVisiting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
  });
}
