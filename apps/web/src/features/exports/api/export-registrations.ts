import type { FilteredRegisterRequest } from '@app/domain/export.schemas';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '@/lib/api-client';

/** POST /counsellor/getFilteredRegister as the workbook, streamed by the server. */
export function exportRegistrations(request: FilteredRegisterRequest): Promise<DownloadedFile> {
  return api.postFile(
    '/counsellor/getFilteredRegister',
    { ...request, format: 'xlsx' },
    { headers: { accept: XLSX_TYPE } },
  );
}

export function useExportRegistrations() {
  return useMutation({ mutationFn: exportRegistrations, meta: { isShownByForm: true } });
}
