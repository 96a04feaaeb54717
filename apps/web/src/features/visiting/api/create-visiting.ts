import type { VisitingRequest } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/counsellor/visiting. */
export function createVisiting(body: VisitingRequest): Promise<ApiResponse<'visitingSaved'>> {
  return api.post('/counsellor/visiting', 'visitingSaved', body);
}

/** Failures are shown by the form (field issues on their fields, the rest in one toast: SPEC §8). */
export function useCreateVisiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVisiting,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
  });
}
