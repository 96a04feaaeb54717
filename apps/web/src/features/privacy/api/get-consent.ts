import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getConsent = (studentId: string) =>
  api.get(`/counsellor/consent/${encodeURIComponent(studentId)}`, 'consentStatus');

export const getConsentQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: [...queryKeys.consent, studentId], queryFn: () => getConsent(studentId) });

/** Where one student's parental consent stands (null: no student chosen yet). */
export function useConsent(studentId: string | null) {
  return useQuery({
    ...getConsentQueryOptions(studentId ?? ''),
    enabled: studentId !== null,
    retry: false,
    meta: { isShownByScreen: true },
  });
}
