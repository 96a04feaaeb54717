import type { ReceiveChallanRequest } from '@app/domain/books.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /counsellor/chalans/{id}/receive: receipt confirmed with the receiver's signed copy. */
export function receiveChallan({ id, ...body }: ReceiveChallanRequest & { id: number }): Promise<MessageResponse> {
  return api.put(`/counsellor/chalans/${id}/receive`, 'message', body);
}

/** A confirmed challan moves its books into hand: both the challans and the stock change. */
export function useReceiveChallan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveChallan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.challans }),
        queryClient.invalidateQueries({ queryKey: queryKeys.books }),
      ]),
  });
}
