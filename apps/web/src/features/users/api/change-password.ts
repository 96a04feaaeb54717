import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type ChangePasswordInput = { uuid: string; password: string };

export function changePassword({ uuid, password }: ChangePasswordInput): Promise<{ message: string }> {
  return api.put(`/admin/changePassword/${uuid}`, { password });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorMessage: messages.somethingWentWrong } });
}
