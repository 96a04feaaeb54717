import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /counsellor/markBookReceived/{bookId}: the new stock is now in hand. */
export function markBookReceived(bookId: number): Promise<MessageResponse> {
  return api.put(`/counsellor/markBookReceived/${bookId}`, 'message');
}

export function useMarkBookReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBookReceived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.books }),
  });
}
