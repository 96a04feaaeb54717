import type { MessageKind } from '@app/domain/family-messages.rules';
import type { updateTemplateRequest } from '@app/domain/family-messages.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type SaveInput = { kind: MessageKind; body: z.output<typeof updateTemplateRequest> };

export function saveTemplate({ kind, body }: SaveInput) {
  return api.put(`/admin/messages/templates/${kind}`, 'messageTemplateSaved', body);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}
