import type { settleRequest } from '@app/domain/collections.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The body of POST /counsellor/myCollection/settle (SPEC §3 Settle payload), typed from the shared schema. */
export type SettleBody = z.input<typeof settleRequest>;

export function settle(body: SettleBody): Promise<{ message: string }> {
  return api.post('/counsellor/myCollection/settle', body);
}

/** A settlement changes the counsellor's summary and history. */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
