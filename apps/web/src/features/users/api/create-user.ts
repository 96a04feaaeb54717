import type { RegisterUserRequest } from '@app/domain/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { getUsersQueryOptions } from './get-users';

export function createUser(body: RegisterUserRequest): Promise<ApiResponse<'userSaved'>> {
  return api.post('/auth/register', 'userSaved', body);
}

/** Failure: the form says it (lib/form-errors): the server's message, else 'Something went wrong' (SPEC §8 Users). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
