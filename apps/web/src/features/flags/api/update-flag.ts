import type { MissingMarks } from '@app/domain/exam.schemas';
import type { FlagName, updateFlagRequest } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getFlagsQueryOptions } from './get-flags';

type UpdateFlagInput = { flagName: FlagName } & z.input<typeof updateFlagRequest>;

/** SPEC's answer, and beside it how many students a release of hall tickets seated. */
export function updateFlag({ flagName, flagValue }: UpdateFlagInput): Promise<ApiResponse<'flagUpdated'>> {
  return api.put(`/admin/updateSettingFlag/${flagName}`, 'flagUpdated', { flagValue });
}

/** GET /api/admin/results/missing: papers not entered yet, asked before results are declared. */
export function getMissingMarks(): Promise<MissingMarks> {
  return api.get('/admin/results/missing', 'missingMarks');
}

/**
 * Flips a flag (a release of the exam session open for registration), then reloads the flags and the
 * sessions whatever the outcome. A refused release says why in an error toast ('Publish the 10th
 * timetable first'): the admin must know the switch did not move.
 */
export function useUpdateFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlag,
    meta: { errorMessage: messages.somethingWentWrong },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: getFlagsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
