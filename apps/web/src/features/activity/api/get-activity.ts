import type { ActivityFilter, ActivityResponse } from '@app/domain/audit.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The filters of GET /admin/activity without the cursor, which the pages carry. */
export type ActivityListFilter = Omit<ActivityFilter, 'before'>;

export async function getActivity(filter: ActivityListFilter, before?: number): Promise<ActivityResponse> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, before })) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return api.get(`/admin/activity?${query}`, 'activity');
}

/** Pages of the audit trail, newest first; each page names the cursor of the next. */
export function getActivityQueryOptions(filter: ActivityListFilter) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.activity, filter],
    queryFn: ({ pageParam }) => getActivity(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useActivity(filter: ActivityListFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getActivityQueryOptions(filter), enabled });
}
