import type { MessageResponse } from '@app/domain/common.schemas';
import type { AddSubjectRequest } from '@app/domain/subjects.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubjectsQueryOptions } from '@/api/get-subjects';
import { api } from '@/lib/api-client';

export function addSubject(body: AddSubjectRequest): Promise<MessageResponse> {
  return api.post('/admin/addSubject', 'subjectSaved', body);
}

/** Failure: the form says it (lib/form-errors): the server's message, else 'Failed to add subject' (SPEC §8 Subjects). */
export function useAddSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubject,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubjectsQueryOptions().queryKey }),
  });
}
