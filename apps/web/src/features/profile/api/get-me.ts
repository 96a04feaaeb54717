import type { User } from '@app/domain/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getMe(): Promise<User> {
  return api.get<User>('/auth/me');
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: getMe });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
