import type { VisitingRecord, visitingRequest } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The body of POST /api/counsellor/visiting, typed from the shared schema. */
export type CreateVisitingBody = z.input<typeof visitingRequest>;

export function createVisiting(body: CreateVisitingBody): Promise<{ message: string; data: VisitingRecord }> {
  return api.post('/counsellor/visiting', body);
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
