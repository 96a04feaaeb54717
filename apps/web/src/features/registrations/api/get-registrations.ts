import type { Page } from '@app/domain/paging.schemas';
import type { RegistrationRow } from '@app/domain/registrations.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** SPEC §2 Registration Table: 25 rows a page. */
export const REGISTRATIONS_PAGE_SIZE = 25;

export type RegistrationsQuery = {
  page: number;
  search: string;
  standard: string;
  /** A centre's ID, '' for all. */
  examCentre: string;
  /** A counsellor's uuid (admin only), '' for all. */
  counsellor: string;
};

/** Newest first; a counsellor gets only their own students, an admin everyone's. */
export function getRegistrations(query: RegistrationsQuery): Promise<Page<RegistrationRow>> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(REGISTRATIONS_PAGE_SIZE) });
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.standard) params.set('standard', query.standard);
  if (query.examCentre) params.set('examCentre', query.examCentre);
  if (query.counsellor) params.set('counsellor', query.counsellor);
  return api.get(`/counsellor/getRegister?${params}`, 'registrationsPage');
}

export function getRegistrationsQueryOptions(query: RegistrationsQuery) {
  return queryOptions({
    queryKey: [...queryKeys.registrations, query],
    queryFn: () => getRegistrations(query),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRegistrations(query: RegistrationsQuery) {
  return useQuery(getRegistrationsQueryOptions(query));
}
