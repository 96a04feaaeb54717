import type { MarkGivenRequest } from '@app/domain/books.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /counsellor/markStudentGiven/{studentId} with the book set handed over. */
export function markStudentGiven({ studentId, ...body }: MarkGivenRequest & { studentId: string }) {
  return api.put(`/counsellor/markStudentGiven/${encodeURIComponent(studentId)}`, 'message', body);
}

/** Giving a set changes the stock and the eligible list. */
export function useMarkStudentGiven() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markStudentGiven,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.books }),
  });
}
