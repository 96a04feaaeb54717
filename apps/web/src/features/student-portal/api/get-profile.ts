import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const profileQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.studentPortal, 'me'],
    queryFn: () => api.get('/student/me', 'studentProfile'),
  });

export const useStudentProfile = () => useQuery(profileQuery());
