import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function openExamSession(id: number): Promise<ApiResponse<'examSessionSaved'>> {
  return api.put(`/admin/examSessions/${id}/open`, 'examSessionSaved');
}

/** Registrations go to this session from now on; the Home switches follow it (the flags are its releases). */
export function useOpenExamSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openExamSession,
    meta: { errorMessage: messages.somethingWentWrong },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      await queryClient.invalidateQueries({ queryKey: queryKeys.flags });
    },
  });
}
