import type { ExamCentre } from '@app/domain/centres.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getCentres(): Promise<ExamCentre[]> {
  const { data } = await api.get('/admin/getExamCenters', 'centres');
  return data;
}

export function getCentresQueryOptions() {
  return queryOptions({ queryKey: queryKeys.centres, queryFn: getCentres });
}

export function useCentres() {
  return useQuery(getCentresQueryOptions());
}
