import type { Role } from '@app/domain/roles';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type VisitingQuery = { uuid: string; role: Role };

/** Newest first; the server gives a counsellor only their own records, an admin everyone's. */
export async function getVisiting({ uuid, role }: VisitingQuery): Promise<VisitingRecord[]> {
  const query = new URLSearchParams({ uuid, role });
  const { data } = await api.get<{ data: VisitingRecord[] }>(`/counsellor/getVisiting?${query}`);
  return data;
}

export function getVisitingQueryOptions(query: VisitingQuery) {
  return queryOptions({ queryKey: ['visiting', query], queryFn: () => getVisiting(query) });
}

export function useVisiting(query: VisitingQuery) {
  return useQuery(getVisitingQueryOptions(query));
}
