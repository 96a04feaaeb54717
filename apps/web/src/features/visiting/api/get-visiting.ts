import type { Page } from '@app/domain/paging.schemas';
import type { Standard } from '@app/domain/standards.rules';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listParams } from '@/lib/list-params';
import { queryKeys } from '@/lib/query-keys';

/** Visiting Table: 25 enquiries a page. */
export const VISITING_PAGE_SIZE = 25;

/** The screen's filters; '' means all. */
export type VisitingQuery = { page: number; search: string; standard: Standard | ''; counsellor: string };

/** One page of enquiries, newest first; the server gives a counsellor only their own. */
export function getVisiting(query: VisitingQuery): Promise<Page<VisitingRecord>> {
  return api.get(`/counsellor/getVisiting?${listParams({ ...query, limit: VISITING_PAGE_SIZE })}`, 'visitingPage');
}

export function getVisitingQueryOptions(query: VisitingQuery) {
  return queryOptions({
    queryKey: [...queryKeys.visiting, query],
    queryFn: () => getVisiting(query),
    placeholderData: keepPreviousData,
  });
}

export function useVisiting(query: VisitingQuery) {
  return useQuery(getVisitingQueryOptions(query));
}
