import type { ChallanListQuery, ChallanPage } from '@app/domain/books.schemas';
import { CHALLAN_PAGE_SIZE } from '@app/domain/books.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listParams } from '@/lib/list-params';
import { queryKeys } from '@/lib/query-keys';

export type ChallanFilters = { counsellor: string; from: string; to: string; chalanNo: string };

/** GET /admin/chalans: one page of challans that match the filters, with the six tiles. */
export function getChallans(filters: ChallanFilters, page: number): Promise<ChallanPage> {
  const query: Record<keyof ChallanListQuery, string | number | undefined> = {
    ...filters,
    page,
    limit: CHALLAN_PAGE_SIZE,
  };
  return api.get(`/admin/chalans?${listParams(query)}`, 'challanPage');
}

export function getChallansQueryOptions(filters: ChallanFilters, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.challans, filters, page],
    queryFn: () => getChallans(filters, page),
    placeholderData: keepPreviousData,
  });
}

export function useChallans(filters: ChallanFilters, page: number) {
  return useQuery(getChallansQueryOptions(filters, page));
}
