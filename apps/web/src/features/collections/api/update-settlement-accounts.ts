import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /admin/settlementAccounts: an admin replaces the receiving accounts (1–20, each 1–100 characters). */
export async function updateSettlementAccounts(accounts: string[]): Promise<string[]> {
  const { data } = await api.put('/admin/settlementAccounts', 'settlementAccounts', { accounts });
  return data;
}

/** New accounts change what every counsellor's settlement form offers. */
export function useUpdateSettlementAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettlementAccounts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlementAccounts }),
  });
}
