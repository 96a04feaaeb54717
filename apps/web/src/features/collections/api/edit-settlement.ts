import type { EditSettlementRequest } from '@app/domain/collections.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /counsellor/myCollection/settlements/{id}: the counsellor corrects a pending settlement. */
export function editSettlement({ id, ...body }: EditSettlementRequest & { id: number }): Promise<MessageResponse> {
  return api.put(`/counsellor/myCollection/settlements/${id}`, 'message', body);
}

export function useEditSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSettlement,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
