import type { Page } from '@app/domain/paging.schemas';
import type { PaymentSummary } from '@app/domain/payments.schemas';
import type { Standard } from '@app/domain/standards.rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listParams } from '@/lib/list-params';
import { queryKeys } from '@/lib/query-keys';

/** Payment Records: 20 students a page. */
export const PAYMENTS_PAGE_SIZE = 20;

/** The screen's filters; '' means all. */
export type PaymentsQuery = { page: number; search: string; standard: Standard | ''; counsellor: string };

/** One page of students with their payments, newest payment first; a counsellor gets only their own. */
export function getPayments(query: PaymentsQuery): Promise<Page<PaymentSummary>> {
  return api.get(`/counsellor/getPayments?${listParams({ ...query, limit: PAYMENTS_PAGE_SIZE })}`, 'paymentsPage');
}

export function getPaymentsQueryOptions(query: PaymentsQuery) {
  return queryOptions({
    queryKey: [...queryKeys.payments, query],
    queryFn: () => getPayments(query),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(query: PaymentsQuery) {
  return useQuery(getPaymentsQueryOptions(query));
}

/** Every payment of the students the filters show, as Excel (issue 26); the page is not a filter. */
export function downloadPayments({ page: _page, ...query }: PaymentsQuery) {
  return api.getFile(`/counsellor/getPayments?${listParams({ ...query, format: 'xlsx' })}`);
}
