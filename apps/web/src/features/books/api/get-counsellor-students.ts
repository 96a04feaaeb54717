import type { CounsellorStudent } from '@app/domain/books.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /counsellor/getStudentsByCounsellor/{counsellorId}: students with a book set not given. */
export async function getCounsellorStudents(counsellorId: string): Promise<CounsellorStudent[]> {
  const response = await api.get(
    `/counsellor/getStudentsByCounsellor/${encodeURIComponent(counsellorId)}`,
    'counsellorStudents',
  );
  return response.data;
}

export function getCounsellorStudentsQueryOptions(counsellorId: string) {
  return queryOptions({
    queryKey: [...queryKeys.books, 'students', counsellorId],
    queryFn: () => getCounsellorStudents(counsellorId),
  });
}

export function useCounsellorStudents(counsellorId: string) {
  return useQuery({ ...getCounsellorStudentsQueryOptions(counsellorId), enabled: counsellorId !== '' });
}
