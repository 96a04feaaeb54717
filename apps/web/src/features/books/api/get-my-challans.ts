import type { ChallanPage, MyChallansQuery } from '@app/domain/books.schemas';
import { CHALLAN_PAGE_SIZE } from '@app/domain/books.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listParams } from '@/lib/list-params';
import { queryKeys } from '@/lib/query-keys';

/** GET /counsellor/myChalans: one page of the signed-in counsellor's challans, newest first. */
export function getMyChallans(page: number): Promise<ChallanPage> {
  const query: Record<keyof MyChallansQuery, number> = { page, limit: CHALLAN_PAGE_SIZE };
  return api.get(`/counsellor/myChalans?${listParams(query)}`, 'challanPage');
}

export function getMyChallansQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...queryKeys.challans, 'mine', page],
    queryFn: () => getMyChallans(page),
    placeholderData: keepPreviousData,
  });
}

export function useMyChallans(page: number) {
  return useQuery(getMyChallansQueryOptions(page));
}
