import type { SettingFlag } from '@app/domain/flags.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getFlags(): Promise<SettingFlag[]> {
  const { data } = await api.get<{ data: SettingFlag[] }>('/admin/getSettingFlags');
  return data;
}

export function getFlagsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.flags, queryFn: getFlags });
}

export function useFlags() {
  return useQuery(getFlagsQueryOptions());
}
