import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const studentTestsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.studentPortal, 'tests'],
    queryFn: async () => (await api.get('/student/tests', 'studentTests')).data,
  });

export const useStudentTests = () => useQuery(studentTestsQuery());
