import type { User } from '@app/domain/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getUsers(): Promise<User[]> {
  const { data } = await api.get('/admin/getUser', 'users');
  return data;
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.users, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
