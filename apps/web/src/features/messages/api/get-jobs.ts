import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getJobs() {
  return api.get('/admin/messages/jobs', 'messageJobs');
}

/** The recent jobs, asked again every 2 s while one of them still has messages waiting (its counts move). */
export function getJobsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.messages, 'jobs'],
    queryFn: getJobs,
    refetchInterval: (query) =>
      query.state.data?.data.some((job) => (job.counts.queued ?? 0) + (job.counts.sending ?? 0) > 0) ? 2000 : false,
  });
}

export function useJobs() {
  return useQuery(getJobsQueryOptions());
}
