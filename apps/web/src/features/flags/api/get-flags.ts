import type { SettingFlag } from '@app/domain/flags.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * Flags known before the app asked for them (an app page's prerendered first paint was chosen by them).
 * Marked stale: the app still fetches the whole list at once.
 */
export function seedFlags(queryClient: QueryClient, flags: readonly SettingFlag[]): void {
  queryClient.setQueryData(getFlagsQueryOptions().queryKey, [...flags], { updatedAt: 0 });
}
