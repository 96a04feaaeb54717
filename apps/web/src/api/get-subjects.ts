import type { Subject } from '@app/domain/subjects.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getSubjects(): Promise<Subject[]> {
  const { data } = await api.get('/admin/getsubjects', 'subjects');
  return data;
}

export function getSubjectsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.subjects, queryFn: getSubjects });
}

export function useSubjects() {
  return useQuery(getSubjectsQueryOptions());
}
