import type { BookStockItem } from '@app/domain/books.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/getBooksByCounsellor/{counsellorId}: a counsellor's stock (SPEC §3 Book stock item). */
export async function getCounsellorBooks(counsellorId: string): Promise<BookStockItem[]> {
  const response = await api.get(`/admin/getBooksByCounsellor/${encodeURIComponent(counsellorId)}`, 'bookStock');
  return response.data;
}

export function getCounsellorBooksQueryOptions(counsellorId: string) {
  return queryOptions({
    queryKey: [...queryKeys.books, 'stock', counsellorId],
    queryFn: () => getCounsellorBooks(counsellorId),
  });
}

export function useCounsellorBooks(counsellorId: string) {
  return useQuery({ ...getCounsellorBooksQueryOptions(counsellorId), enabled: counsellorId !== '' });
}
