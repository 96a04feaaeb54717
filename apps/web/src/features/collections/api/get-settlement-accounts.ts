import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The receiving accounts an admin has configured (GET /counsellor/settlementAccounts). */
export async function getSettlementAccounts(): Promise<string[]> {
  const { data } = await api.get('/counsellor/settlementAccounts', 'settlementAccounts');
  return data;
}

export function getSettlementAccountsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settlementAccounts, queryFn: getSettlementAccounts });
}

export function useSettlementAccounts() {
  return useQuery(getSettlementAccountsQueryOptions());
}
