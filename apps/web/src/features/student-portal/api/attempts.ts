import type { AttemptView, StoredAnswer } from '@app/domain/online-tests.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const startTest = (testId: number) => api.post(`/student/tests/${testId}/start`, 'attemptView');

export const useStartTest = () =>
  useMutation({ mutationFn: startTest, meta: { errorMessage: 'Could not start the test' } });

export const attemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: [...queryKeys.studentPortal, 'attempt', attemptId],
    queryFn: () => api.get(`/student/attempts/${attemptId}`, 'attemptView'),
    // The sitting is resumed from the server once; afterwards the phone holds the answers.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const saveAnswer = (
  attemptId: string,
  questionId: number,
  body: { answer: StoredAnswer | null; review: boolean; seq: number },
) => api.put(`/student/attempts/${attemptId}/answers/${questionId}`, 'answerSaved', body);

export function useSubmitAttempt(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/student/attempts/${attemptId}/submit`, 'attemptView'),
    onSuccess: (view: AttemptView) => {
      client.setQueryData(attemptQuery(attemptId).queryKey, view);
      void client.invalidateQueries({ queryKey: [...queryKeys.studentPortal, 'tests'] });
    },
    meta: { errorMessage: 'Could not submit. Your answers are kept; try again.' },
  });
}

export const useAttempt = (attemptId: string) => useQuery(attemptQuery(attemptId));
