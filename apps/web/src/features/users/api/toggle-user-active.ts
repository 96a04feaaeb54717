import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** DELETE /admin/deleteUser toggles the user between active and deactivated (SPEC §4). */
export function toggleUserActive(uuid: string): Promise<{ message: string; data: User }> {
  return api.delete(`/admin/deleteUser/${uuid}`);
}

/** Failure (e.g. the last active admin): an error toast with the server's message. */
export function useToggleUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUserActive,
    meta: { errorMessage: messages.somethingWentWrong },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
