import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubjectsQueryOptions } from '@/api/get-subjects';
import { api } from '@/lib/api-client';

export function deleteSubject(subjectCode: number): Promise<MessageResponse> {
  return api.delete(`/admin/deleteSubject/${subjectCode}`, 'message');
}

/** SPEC §8 Subjects: the screen answers with fixed texts, so a failure is only logged here. */
export function useDeleteSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubjectsQueryOptions().queryKey }),
  });
}
