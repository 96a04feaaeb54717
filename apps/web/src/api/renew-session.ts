import { messages } from '@app/domain/messages';
import type { SessionUser } from '@app/domain/users.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** POST /auth/renew: a new 60-minute session for the signed-in user, answered like the login. */
export async function renewSession(): Promise<SessionUser> {
  const [{ sessionUser }, response] = await Promise.all([
    import('@app/domain/users.schemas'),
    api.post('/auth/renew', 'sessionUser'),
  ]);
  return sessionUser.parse(response);
}

/** "Stay signed in": stores the new session as a login does (`user` and `tokenExpiry`). */
export function useRenewSession() {
  return useMutation({
    mutationFn: renewSession,
    onSuccess: (user) => startSession(user),
    meta: { errorMessage: messages.sessionRenewFailed },
  });
}
