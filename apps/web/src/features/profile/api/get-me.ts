import type { User } from '@app/domain/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMe(): Promise<User> {
  return api.get('/auth/me', 'user');
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.me, queryFn: getMe });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
