import type { ExamSession } from '@app/domain/exam-sessions.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getExamSessions(): Promise<ExamSession[]> {
  const { data } = await api.get('/admin/examSessions', 'examSessions');
  return data;
}

export function getExamSessionsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.sessions, 'list'], queryFn: getExamSessions });
}

export function useExamSessions() {
  return useQuery(getExamSessionsQueryOptions());
}
