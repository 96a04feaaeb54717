import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTemplates() {
  return api.get('/admin/messages/templates', 'messageTemplates');
}

export function getTemplatesQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.messages, 'templates'], queryFn: getTemplates });
}

export function useTemplates() {
  return useQuery(getTemplatesQueryOptions());
}
