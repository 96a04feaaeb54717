import type { MessageJobRequest } from '@app/domain/family-messages.schemas';
import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function previewJob(body: MessageJobRequest) {
  return api.post('/admin/messages/jobs/preview', 'messagePreview', body);
}

/** A preview reads; it is a POST only because the list's filter is a body. */
export function usePreviewJob() {
  return useMutation({ mutationFn: previewJob, meta: { errorMessage: messages.somethingWentWrong } });
}
