import type { CollectionSummary } from '@app/domain/collections.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A counsellor's cash ledger in rupees (GET /counsellor/collection/{counsellorId}). */
export function getCollectionSummary(counsellorId: string): Promise<CollectionSummary> {
  return api.get(`/counsellor/collection/${encodeURIComponent(counsellorId)}`, 'collectionSummary');
}

/** Under ['collections'], which a settlement or a verification refreshes. */
export function getCollectionSummaryQueryOptions(counsellorId: string) {
  return queryOptions({
    queryKey: [...queryKeys.collections, 'summary', counsellorId],
    queryFn: () => getCollectionSummary(counsellorId),
  });
}

export function useCollectionSummary(counsellorId: string) {
  return useQuery({ ...getCollectionSummaryQueryOptions(counsellorId), enabled: counsellorId !== '' });
}
