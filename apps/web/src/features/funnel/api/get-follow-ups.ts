import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/counsellor/follow-ups: overdue, due today, upcoming (and, for an admin, the unassigned). */
export function useFollowUps({ counsellor = '' }: { counsellor?: string } = {}) {
  return useQuery({
    queryKey: [...queryKeys.funnel, 'queue', counsellor],
    queryFn: () =>
      api.get(`/counsellor/follow-ups${counsellor ? `?${new URLSearchParams({ counsellor })}` : ''}`, 'followUpQueue'),
  });
}
