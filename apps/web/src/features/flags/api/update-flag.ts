import type { FlagName } from '@app/domain/flags.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getFlagsQueryOptions } from './get-flags';

type UpdateFlagInput = { flagName: FlagName; flagValue: 'true' | 'false' };

export function updateFlag({ flagName, flagValue }: UpdateFlagInput): Promise<unknown> {
  return api.put(`/admin/updateSettingFlag/${flagName}`, { flagValue });
}

/** Flips a flag, then reloads the flags whatever the outcome; a failure is only logged (SPEC §8). */
export function useUpdateFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlag,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getFlagsQueryOptions().queryKey }),
  });
}
