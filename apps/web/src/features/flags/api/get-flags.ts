import type { SettingFlag } from '@app/domain/flags.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getFlags(): Promise<SettingFlag[]> {
  const { data } = await api.get('/admin/getSettingFlags', 'flags');
  return data;
}

export function getFlagsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.flags, queryFn: getFlags });
}

export function useFlags() {
  return useQuery(getFlagsQueryOptions());
}

/**
 * What the public Hall Ticket and Result pages follow: a flag is on while any exam session has released it
 * (an earlier season's results stay open while the next season registers). The admin's switches are the
 * current session's (getFlags).
 */
export async function getPublicFlags(): Promise<SettingFlag[]> {
  const { data } = await api.get('/public/releases', 'flags');
  return data;
}

export function getPublicFlagsQueryOptions() {
  // Under the flags' key: a switch that invalidates the flags refreshes these too.
  return queryOptions({ queryKey: [...queryKeys.flags, 'public'], queryFn: getPublicFlags });
}

export function usePublicFlags() {
  return useQuery(getPublicFlagsQueryOptions());
}

/**
 * Public flags known before the app asked for them (a flagged page's prerendered first paint was chosen
 * by them). Marked stale: the app still fetches them at once.
 */
export function seedFlags(queryClient: QueryClient, flags: readonly SettingFlag[]): void {
  queryClient.setQueryData(getPublicFlagsQueryOptions().queryKey, [...flags], { updatedAt: 0 });
}
