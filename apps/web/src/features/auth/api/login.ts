import { messages } from '@app/domain/messages';
import { type LoginRequest, type SessionUser, sessionUser } from '@app/domain/users.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function login(body: LoginRequest): Promise<SessionUser> {
  return sessionUser.parse(await api.post('/auth/login', body));
}

/** Failure: an error toast with the server's message, else 'Login failed' (SPEC §8). */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorMessage: messages.loginFailed } });
}
