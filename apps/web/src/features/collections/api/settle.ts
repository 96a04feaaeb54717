import type { SettleRequest } from '@app/domain/collections.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /counsellor/myCollection/settle (SPEC §3 Settle payload). */
export function settle(body: SettleRequest): Promise<MessageResponse> {
  return api.post('/counsellor/myCollection/settle', 'message', body);
}

/** A settlement changes the counsellor's summary and history. */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settle,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
