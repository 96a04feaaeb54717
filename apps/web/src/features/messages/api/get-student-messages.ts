import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getStudentMessages(studentId: string) {
  return api.get(`/counsellor/student/${encodeURIComponent(studentId)}/messages`, 'studentMessages');
}

/** The log: asked again every 2 s while a message is still waiting for the worker (queued or sending). */
export function getStudentMessagesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.messages, 'student', studentId],
    queryFn: () => getStudentMessages(studentId),
    refetchInterval: (query) =>
      query.state.data?.data.some((entry) => entry.status === 'queued' || entry.status === 'sending') ? 2000 : false,
  });
}

export function useStudentMessages(studentId: string) {
  return useQuery(getStudentMessagesQueryOptions(studentId));
}
