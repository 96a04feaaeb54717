import type { MessageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type ChangePasswordInput = { uuid: string; password: string };

export function changePassword({ uuid, password }: ChangePasswordInput): Promise<MessageResponse> {
  return api.put(`/admin/changePassword/${uuid}`, 'message', { password });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorMessage: messages.somethingWentWrong } });
}
