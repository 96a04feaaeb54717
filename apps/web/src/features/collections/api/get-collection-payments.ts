import type { CollectionPayment } from '@app/domain/collections.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A counsellor's settlements, newest first (GET /counsellor/collection/payments/{counsellorId}). */
export function getCollectionPayments(counsellorId: string): Promise<CollectionPayment[]> {
  return api.get(`/counsellor/collection/payments/${encodeURIComponent(counsellorId)}`, 'collectionPayments');
}

/** Under ['collections'], which a settlement or a verification refreshes. */
export function getCollectionPaymentsQueryOptions(counsellorId: string) {
  return queryOptions({
    queryKey: [...queryKeys.collections, 'payments', counsellorId],
    queryFn: () => getCollectionPayments(counsellorId),
  });
}

export function useCollectionPayments(counsellorId: string) {
  return useQuery({ ...getCollectionPaymentsQueryOptions(counsellorId), enabled: counsellorId !== '' });
}

/** The same settlements as Excel (issue 26). */
export function downloadCollectionPayments(counsellorId: string) {
  return api.getFile(`/counsellor/collection/payments/${encodeURIComponent(counsellorId)}?format=xlsx`);
}
