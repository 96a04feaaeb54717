import type { ExamCentre } from '@app/domain/centres.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getCentres(): Promise<ExamCentre[]> {
  const { data } = await api.get<{ data: ExamCentre[] }>('/admin/getExamCenters');
  return data;
}

export function getCentresQueryOptions() {
  return queryOptions({ queryKey: ['exam-centres'], queryFn: getCentres });
}

export function useCentres() {
  return useQuery(getCentresQueryOptions());
}
