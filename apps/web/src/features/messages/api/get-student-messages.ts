import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getStudentMessages(studentId: string) {
  return api.get(`/counsellor/student/${encodeURIComponent(studentId)}/messages`, 'studentMessages');
}

export function getStudentMessagesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.messages, 'student', studentId],
    queryFn: () => getStudentMessages(studentId),
  });
}

export function useStudentMessages(studentId: string) {
  return useQuery(getStudentMessagesQueryOptions(studentId));
}
