import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Who opened one student's record (null: no student chosen yet). */
export const useAccessLog = (studentId: string | null) =>
  useQuery({
    queryKey: [...queryKeys.consent, 'access', studentId],
    queryFn: async () => (await api.get(`/admin/accessLog/${encodeURIComponent(studentId ?? '')}`, 'accessLog')).data,
    enabled: studentId !== null,
    meta: { isShownByScreen: true },
  });
