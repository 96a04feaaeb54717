import type { CloseDataRequestRequest, CreateDataRequestRequest } from '@app/domain/privacy.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

export const getDataRequestsQueryOptions = (status: 'open' | 'all') =>
  queryOptions({
    queryKey: [...queryKeys.consent, 'requests', status],
    queryFn: async () => (await api.get(`/admin/dataRequests?status=${status}`, 'dataRequests')).data,
  });

/** The request register: open requests by due day, or all of them. */
export const useDataRequests = (status: 'open' | 'all') => useQuery(getDataRequestsQueryOptions(status));

/** The admin's Home figures for families' data. */
export const usePrivacySummary = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...queryKeys.consent, 'summary'],
    queryFn: () => api.get('/admin/privacy/summary', 'privacySummary'),
    enabled,
  });

function useRefreshRequests() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [queryKeys.consent, queryKeys.activity, queryKeys.registrations, queryKeys.students].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

export function useCreateDataRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (body: CreateDataRequestRequest) => api.post('/admin/dataRequests', 'dataRequestSaved', body),
    onSuccess: refresh,
  });
}

export function useCloseDataRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: ({ id, body }: { id: number; body: CloseDataRequestRequest }) =>
      api.put(`/admin/dataRequests/${id}/close`, 'dataRequestSaved', body),
    onSuccess: refresh,
  });
}

export function useEraseForRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (id: number) => api.post(`/admin/dataRequests/${id}/erase`, 'dataRequestSaved'),
    onSuccess: refresh,
  });
}

/** The machine-readable copy of everything held about a student, downloaded. */
export async function downloadDataCopy(studentId: string): Promise<void> {
  const file = await api.getFile(`/admin/dataCopy/${encodeURIComponent(studentId)}`);
  saveFile(file.blob, file.fileName ?? `Data_${studentId}.json`);
}

/** The same copy as one PDF. */
export async function getDataCopyPdf(studentId: string) {
  const file = await api.getFile(`/pdf/dataCopy?studentId=${encodeURIComponent(studentId)}`);
  return { blob: file.blob, fileName: file.fileName ?? `Data_${studentId}.pdf` };
}
