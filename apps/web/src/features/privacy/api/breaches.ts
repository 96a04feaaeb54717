import type { CreateBreachRequest } from '@app/domain/privacy.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const breachKey = [...queryKeys.consent, 'breaches'] as const;

export const useBreaches = () =>
  useQuery({ queryKey: breachKey, queryFn: async () => (await api.get('/admin/breaches', 'breaches')).data });

/** The families affected by one breach, with their notices and the Board's (null: none chosen). */
export const useBreachNotices = (id: number | null) =>
  useQuery({
    queryKey: [...breachKey, id, 'notices'],
    queryFn: () => api.get(`/admin/breaches/${id}/notices`, 'breachNotices'),
    enabled: id !== null,
  });

export function useRecordBreach() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (body: CreateBreachRequest) => api.post('/admin/breaches', 'breachSaved', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.consent }),
  });
}

/** Sends the families' notices through the message outbox (once per family; the report says how many). */
export function useSendBreachNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (id: number) => api.post(`/admin/breaches/${id}/send`, 'breachSendReport'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.consent }),
  });
}
