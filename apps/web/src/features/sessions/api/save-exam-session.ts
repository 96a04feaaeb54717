import type { ExamSessionRequest } from '@app/domain/exam-sessions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type SaveInput = { id: number | null; body: ExamSessionRequest };

/** A new session (POST) or an existing one's details (PUT). */
export function saveExamSession({ id, body }: SaveInput): Promise<ApiResponse<'examSessionSaved'>> {
  return id === null
    ? api.post('/admin/examSessions', 'examSessionSaved', body)
    : api.put(`/admin/examSessions/${id}`, 'examSessionSaved', body);
}

/** The form shows field issues and the server's message itself. */
export function useSaveExamSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExamSession,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
