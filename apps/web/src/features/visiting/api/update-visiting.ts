import type { VisitingRequest } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/counsellor/visiting/:id: the Visiting Form's fields, corrected. */
export function updateVisiting({
  id,
  body,
}: {
  id: number;
  body: VisitingRequest;
}): Promise<ApiResponse<'visitingSaved'>> {
  return api.put(`/counsellor/visiting/${id}`, 'visitingSaved', body);
}

/** Failures are shown by the form (field issues on their fields, the rest in one toast). */
export function useUpdateVisiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisiting,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
  });
}
