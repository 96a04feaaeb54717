import type { MessageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import type { AddDatesRequest } from '@app/domain/subjects.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSubjectsQueryOptions } from '@/api/get-subjects';
import { api } from '@/lib/api-client';

type UpdateExamDetailsInput = { subjectCode: number; body: AddDatesRequest };

export function updateExamDetails({ subjectCode, body }: UpdateExamDetailsInput): Promise<MessageResponse> {
  return api.put(`/admin/addDates/${subjectCode}`, 'subjectSaved', body);
}

/** Failure (e.g. a clash with another paper): the server's message, else 'Failed to update exam details'. */
export function useUpdateExamDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExamDetails,
    meta: { errorMessage: messages.failedToUpdateExam },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSubjectsQueryOptions().queryKey }),
  });
}
