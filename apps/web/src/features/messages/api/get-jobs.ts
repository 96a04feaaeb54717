import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getJobs() {
  return api.get('/admin/messages/jobs', 'messageJobs');
}

export function getJobsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.messages, 'jobs'], queryFn: getJobs });
}

export function useJobs() {
  return useQuery(getJobsQueryOptions());
}
