import type {
  AssignSeatsRequest,
  MarksSheet,
  MarksSheetQuery,
  MarksUploadReport,
  MyAssignment,
  SaveMarkRequest,
  SeatAssignment,
} from '@app/domain/exam.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';
import { getSession } from '@/lib/session';

export function marksSheetQueryOptions(input: MarksSheetQuery | null) {
  return queryOptions({
    queryKey: [...queryKeys.exam, 'marks', input],
    queryFn: () => api.get<MarksSheet>(`/exam/marks?${new URLSearchParams(input as Record<string, string>)}`),
    enabled: input !== null,
  });
}
export const useMarksSheet = (input: MarksSheetQuery | null) => useQuery(marksSheetQueryOptions(input));

/** GET /api/exam/assignment: the centres and papers the signed-in teacher enters marks for (all for an admin). */
export const useMyAssignment = () =>
  useQuery({
    queryKey: [...queryKeys.exam, 'assignment'],
    queryFn: () => api.get<MyAssignment>('/exam/assignment'),
  });

/** PUT /api/exam/marks: one cell, saved as the teacher leaves it. */
export const useSaveMark = () =>
  useMutation({
    mutationFn: (body: SaveMarkRequest) => api.put<{ message: string }>('/exam/marks', body),
    // Each cell shows its own failure.
    meta: { isShownByForm: true },
  });

/** GET /api/exam/marks/template: the centre and standard's marks workbook, in the format the upload reads. */
export async function downloadMarksTemplate(input: MarksSheetQuery): Promise<void> {
  const file = await api.getFile(`/exam/marks/template?${new URLSearchParams(input as Record<string, string>)}`);
  saveFile(file.blob, file.fileName ?? 'Marks.xlsx');
}

/** POST /api/exam/marks/upload: an Excel file checked (save false) or saved (save true). */
export async function uploadMarks({ file, save }: { file: File; save: boolean }): Promise<MarksUploadReport> {
  const form = new FormData();
  form.append('file', file);
  const token = getSession()?.token;
  const response = await fetch(`/api/exam/marks/upload?save=${save}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data as MarksUploadReport;
}
export function useUploadMarks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadMarks,
    meta: { isShownByForm: true },
    onSuccess: (report) => {
      if (report.saved) void client.invalidateQueries({ queryKey: queryKeys.exam });
    },
  });
}

export function useAssignSeats() {
  const client = useQueryClient();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (body: AssignSeatsRequest) => api.post<SeatAssignment>('/admin/seatNumbers/assign', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.exam });
      void client.invalidateQueries({ queryKey: queryKeys.registrations });
    },
  });
}

export function useRenumberSeats() {
  const client = useQueryClient();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: () => api.post<SeatAssignment>('/admin/seatNumbers/renumber', { confirm: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.exam });
      void client.invalidateQueries({ queryKey: queryKeys.registrations });
    },
  });
}

/**
 * GET /api/admin/hallTickets: a centre's tickets as one PDF, read as it streams so the screen can
 * show progress (bytes so far; the server says how many tickets are coming).
 */
export async function downloadCentreTickets(
  centerId: number,
  onProgress: (progress: { tickets: number; bytes: number }) => void,
): Promise<Blob> {
  const token = getSession()?.token;
  const response = await fetch(`/api/admin/hallTickets?centerId=${centerId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || !response.body) throw new ApiError(response.status, await response.json().catch(() => ({})));
  const tickets = Number(response.headers.get('x-ticket-count') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ tickets, bytes });
  }
  return new Blob(chunks as BlobPart[], { type: 'application/pdf' });
}
