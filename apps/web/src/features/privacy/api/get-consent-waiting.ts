import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getConsentWaitingQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.consent, 'waiting'],
    queryFn: () => api.get('/admin/consent/waiting', 'consentWaiting'),
  });

/** Admins: registrations held for a parent's consent. */
export const useConsentWaiting = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getConsentWaitingQueryOptions(), enabled });
