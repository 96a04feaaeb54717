import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubjectsQueryOptions } from '@/api/get-subjects';
import { api } from '@/lib/api-client';

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
