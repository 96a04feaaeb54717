import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSubjectsQueryOptions } from './get-subjects';

export function deleteSubject(subjectCode: number): Promise<{ message: string }> {
  return api.delete(`/admin/deleteSubject/${subjectCode}`);
}

/** SPEC §8 Subjects: the screen answers with fixed texts, so a failure is only logged here. */
export function useDeleteSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubjectsQueryOptions().queryKey }),
  });
}
