import type { PendingDistributionRow } from '@app/domain/books.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/books/pendingDistribution: students who paid and still wait for a set. */
export async function getPendingDistribution(): Promise<PendingDistributionRow[]> {
  return (await api.get('/admin/books/pendingDistribution', 'pendingDistribution')).data;
}

export function getPendingDistributionQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.books, 'pending'], queryFn: getPendingDistribution });
}

export function usePendingDistribution({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPendingDistributionQueryOptions(), enabled });
}

/** The same report as an Excel file. */
export function getPendingDistributionXlsx(): Promise<Blob> {
  return api.getBlob('/admin/books/pendingDistribution.xlsx');
}
