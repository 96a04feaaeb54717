import type { ReleaseResponse, ReleaseSessionRequest } from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type ReleaseInput = { id: number; body: ReleaseSessionRequest };

export function releaseExamSession({ id, body }: ReleaseInput): Promise<ReleaseResponse> {
  return api.put(`/admin/examSessions/${id}/release`, 'examSessionReleased', body);
}

/** A refusal ('Publish the 10th timetable first') is an error toast with the server's message. */
export function useReleaseExamSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseExamSession,
    meta: { errorMessage: messages.somethingWentWrong },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      await queryClient.invalidateQueries({ queryKey: queryKeys.flags });
    },
  });
}
