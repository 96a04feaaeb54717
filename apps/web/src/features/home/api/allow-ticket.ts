import type { MessageResponse } from '@app/domain/common.schemas';
import type { AllowTicketRequest } from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function allowTicket(body: AllowTicketRequest): Promise<MessageResponse> {
  return api.post('/admin/hallTicketAllowances', 'message', body);
}

/** An admin allows a hall ticket held for an overdue fee, with the reason (audited); the overdue list reloads. */
export function useAllowTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allowTicket,
    meta: { errorMessage: messages.somethingWentWrong },
    // The overdue list lives under the registrations' key (get-home.ts).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.registrations }),
  });
}
