import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@app/domain/session.rules';
import type { LoginRequest, SessionUser } from '@app/domain/users.schemas';
import type { FastifyInstance } from 'fastify';
import { decoyHash, verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../users/users.repository';

/** One address may try many accounts, but not endlessly (credential stuffing). */
const MAX_FAILURES_PER_ADDRESS = LOGIN_MAX_FAILURES * 10;

export async function logIn(
  app: FastifyInstance,
  { email, password, role, ip }: LoginRequest & { ip: string },
): Promise<SessionUser> {
  const accountKey = `login:${email}:${ip}`;
  const addressKey = `login-ip:${ip}`;
  const [accountFailures, addressFailures] = await Promise.all([
    app.attempts.count(accountKey),
    app.attempts.count(addressKey),
  ]);
  if (accountFailures >= LOGIN_MAX_FAILURES || addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    // The window's length is when the oldest failure is sure to have expired.
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLoginAttempts, {
      retryAfterSeconds: Math.ceil(LOGIN_FAILURE_WINDOW_MS / 1000),
    });
  }

  const fail = async (message: string): Promise<never> => {
    await Promise.all([
      app.attempts.hit(accountKey, LOGIN_FAILURE_WINDOW_MS),
      app.attempts.hit(addressKey, LOGIN_FAILURE_WINDOW_MS),
    ]);
    throw new DomainError('UNAUTHORIZED', message);
  };

  const user = await findUserByEmail(app.db.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !passwordOk) return fail(messages.invalidCredentials);
  if (user.role !== role) return fail(messages.wrongRole);
  if (!user.isActive) return fail(messages.accountDeactivated);

  await app.attempts.reset(accountKey);
  const { token, expiresAt } = app.signSession(user);
  return {
    token,
    uuid: user.uuid,
    name: user.name,
    userName: user.userName,
    email: user.email,
    role: user.role,
    branch: user.branch,
    expiresAt,
  };
}
