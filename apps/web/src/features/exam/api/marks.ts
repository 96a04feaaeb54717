import type { AssignSeatsRequest, MarksSheetQuery, MarksUploadReport, SaveMarkRequest } from '@app/domain/exam.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

export function marksSheetQueryOptions(input: MarksSheetQuery | null) {
  return queryOptions({
    queryKey: [...queryKeys.exam, 'marks', input],
    queryFn: () => api.get(`/exam/marks?${new URLSearchParams(input as Record<string, string>)}`, 'marksSheet'),
    enabled: input !== null,
  });
}
export const useMarksSheet = (input: MarksSheetQuery | null) => useQuery(marksSheetQueryOptions(input));

/** GET /api/exam/assignment: the centres and papers the signed-in teacher enters marks for (all for an admin). */
export const useMyAssignment = () =>
  useQuery({
    queryKey: [...queryKeys.exam, 'assignment'],
    queryFn: () => api.get('/exam/assignment', 'myAssignment'),
  });

/** PUT /api/exam/marks: one cell, saved as the teacher leaves it. */
export const useSaveMark = () =>
  useMutation({
    mutationFn: (body: SaveMarkRequest) => api.put('/exam/marks', 'message', body),
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
  return api.postForm(`/exam/marks/upload?save=${save}`, 'marksUploadReport', form);
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
    mutationFn: (body: AssignSeatsRequest) => api.post('/admin/seatNumbers/assign', 'seatAssignment', body),
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
    mutationFn: () => api.post('/admin/seatNumbers/renumber', 'seatAssignment', { confirm: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.exam });
      void client.invalidateQueries({ queryKey: queryKeys.registrations });
    },
  });
}

/**
 * GET /api/admin/hallTickets: a centre's tickets as one PDF, saved under the server's file name. The
 * screen follows the download (bytes so far; the server says how many tickets are coming).
 */
export async function downloadCentreTickets(
  centerId: number,
  onProgress: (progress: { tickets: number; bytes: number }) => void,
): Promise<void> {
  const file = await api.getFile(`/admin/hallTickets?centerId=${centerId}`, {
    onProgress: ({ bytes, headers }) => onProgress({ tickets: Number(headers.get('x-ticket-count') ?? 0), bytes }),
  });
  saveFile(file.blob, file.fileName ?? `HallTickets_Centre_${centerId}.pdf`);
}
