import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

/** DELETE /admin/deleteUser toggles the user between active and deactivated (SPEC §4). */
export function toggleUserActive(uuid: string): Promise<ApiResponse<'userSaved'>> {
  return api.delete(`/admin/deleteUser/${uuid}`, 'userSaved');
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
