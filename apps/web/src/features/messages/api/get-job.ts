import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getJob(id: number) {
  return api.get(`/admin/messages/jobs/${id}`, 'messageJobDetail');
}

/** A job's progress: asked again every 2 s while messages are still waiting. */
export function getJobQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeys.messages, 'job', id],
    queryFn: () => getJob(id),
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts && (counts.queued ?? 0) + (counts.sending ?? 0) > 0 ? 2000 : false;
    },
  });
}

export function useJob(id: number | undefined) {
  return useQuery({ ...getJobQueryOptions(id ?? 0), enabled: id !== undefined });
}
