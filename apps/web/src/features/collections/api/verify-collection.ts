import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type VerifyCollectionVariables =
  | { id: number; status: 'verified' }
  | { id: number; status: 'rejected'; reason: string };

/** PUT /admin/collection/{id}/verify: an admin verifies or rejects a pending settlement. */
export function verifyCollection({ id, ...body }: VerifyCollectionVariables): Promise<MessageResponse> {
  return api.put(`/admin/collection/${id}/verify`, 'message', body);
}

/** A decision changes the counsellor's summary and history. */
export function useVerifyCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
