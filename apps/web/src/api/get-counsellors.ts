import type { User } from '@app/domain/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The counsellors, for the admin's counsellor filter (GET /admin/getUser?role=counsellor). */
export async function getCounsellors(): Promise<User[]> {
  const { data } = await api.get('/admin/getUser?role=counsellor', 'users');
  return data;
}

/** Under ['users'], so adding or changing a user refreshes it too. */
export function getCounsellorsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.users, { role: 'counsellor' }], queryFn: getCounsellors });
}

export function useCounsellors({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCounsellorsQueryOptions(), enabled });
}
