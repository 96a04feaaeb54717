import type { PrivacySettingsRequest } from '@app/domain/privacy.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const retentionKey = [...queryKeys.consent, 'retention'] as const;

export const usePrivacySettings = () =>
  useQuery({
    queryKey: [...retentionKey, 'settings'],
    queryFn: () => api.get('/admin/privacy/settings', 'privacySettings'),
  });

/** What a run now would do (a dry run: nothing changes). */
export const useRetentionPreview = () =>
  useQuery({
    queryKey: [...retentionKey, 'preview'],
    queryFn: () => api.get('/admin/retention/preview', 'retentionReport'),
  });

export const useRetentionRuns = () =>
  useQuery({
    queryKey: [...retentionKey, 'runs'],
    queryFn: async () => (await api.get('/admin/retention/runs', 'retentionRuns')).data,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.consent });
}

export function useSavePrivacySettings() {
  const refresh = useRefresh();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (body: PrivacySettingsRequest) => api.put('/admin/privacy/settings', 'privacySettings', body),
    onSuccess: refresh,
  });
}

export function useRunRetention() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorMessage: 'Could not apply the retention rules' },
    mutationFn: () => api.post('/admin/retention/run', 'retentionReport'),
    onSuccess: refresh,
  });
}
