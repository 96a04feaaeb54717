import { messages } from '@app/domain/messages';
import type { LoginRequest, SessionUser } from '@app/domain/users.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function login(body: LoginRequest): Promise<SessionUser> {
  // The schemas (and zod) load when they are used: the login page's first paint needs neither.
  const [{ sessionUser }, response] = await Promise.all([
    import('@app/domain/users.schemas'),
    api.post('/auth/login', 'sessionUser', body),
  ]);
  return sessionUser.parse(response);
}

/** Failure: an error toast with the server's message, else 'Login failed' (SPEC §8). */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorMessage: messages.loginFailed } });
}
