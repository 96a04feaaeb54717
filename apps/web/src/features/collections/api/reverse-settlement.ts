import type { ReverseSettlementRequest } from '@app/domain/collections.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /admin/collection/{id}/reverse: an admin reverses a verified settlement, with a reason. */
export function reverseSettlement({
  id,
  ...body
}: ReverseSettlementRequest & { id: number }): Promise<MessageResponse> {
  return api.put(`/admin/collection/${id}/reverse`, 'message', body);
}

/** A reversal changes the counsellor's summary and history. */
export function useReverseSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseSettlement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
