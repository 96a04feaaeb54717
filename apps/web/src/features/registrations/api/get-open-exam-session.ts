import type { OpenExamSession } from '@app/domain/exam-sessions.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The exam session registrations go to: the form's exam year comes from it, never from today's date. */
export async function getOpenExamSession(): Promise<OpenExamSession> {
  const { data } = await api.get('/counsellor/openExamSession', 'openExamSession');
  return data;
}

export function getOpenExamSessionQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.sessions, 'open'], queryFn: getOpenExamSession });
}

export function useOpenExamSession() {
  return useQuery(getOpenExamSessionQueryOptions());
}
