import type { MessageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCentresQueryOptions } from '@/api/get-centres';
import { api } from '@/lib/api-client';

export function deleteCentre(centerId: number): Promise<MessageResponse> {
  return api.delete(`/admin/deleteExamCenter/${centerId}`, 'message');
}

/** Failure (e.g. students registered there): an error toast with the server's message. */
export function useDeleteCentre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCentre,
    meta: { errorMessage: messages.somethingWentWrong },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCentresQueryOptions().queryKey }),
  });
}
