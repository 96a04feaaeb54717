import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /counsellor/myCollection/settlements/{id}/withdraw: the counsellor takes back a pending settlement. */
export function withdrawSettlement(id: number): Promise<MessageResponse> {
  return api.put(`/counsellor/myCollection/settlements/${id}/withdraw`, 'message');
}

export function useWithdrawSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSettlement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
