import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@app/domain/session.rules';
import { type LoginRequest, type SessionUser, sessionUser } from '@app/domain/users.schemas';
import type { Deps } from '../../deps';
import { type FailurePolicy, failureGate } from '../../lib/failure-limits';
import { decoyHash, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { findUserByEmail } from '../users/users.repository';

/**
 * Failed sign-ins, counted as lib/failure-limits.ts describes, per 15 minutes:
 * - LOGIN_MAX_FAILURES (5) of one account from one address: the person at that keyboard.
 * - 20 failures of one account from all addresses put it under pressure (somebody tries it from many
 *   places): then an address may have 2 failures of its own on it. The account is never locked for
 *   everyone: its owner, from an address that has not failed it, signs in.
 * - 500 failures from one address put that address under pressure: then each account may have 2
 *   failures of its own from there. Sized for a branch office or a shared NAT: 20 counsellors mistyping
 *   now and then stay far below it; before, 50 failures locked the whole office out. Past it a sprayer
 *   gets 2 guesses per account, and a colleague whose account has not failed from there still signs in
 *   with the right password. Unlike the lookups' ceiling it is not hard: a correct password of an account
 *   not itself over its limit is never refused because of others' failures; there are a few dozen staff
 *   accounts, not 20,000 student IDs to walk.
 */
export const LOGIN_FAILURES: FailurePolicy = {
  name: 'login',
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  own: LOGIN_MAX_FAILURES,
  ownUnderPressure: 2,
  subject: 20,
  address: 500,
  hardAddressCeiling: false,
};

export async function logIn(
  deps: Pick<Deps, 'db' | 'attempts' | 'signSession'>,
  { email, password, role, ip }: LoginRequest & { ip: string },
): Promise<SessionUser> {
  const gate = await failureGate(deps.attempts, LOGIN_FAILURES, { subject: email, ip });
  if (gate.refused) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLoginAttempts, {
      retryAfterSeconds: gate.retryAfterSeconds,
    });
  }

  const fail = async (message: string): Promise<never> => {
    await gate.fail();
    throw new DomainError('UNAUTHORIZED', message);
  };

  const user = await findUserByEmail(deps.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !passwordOk) return fail(messages.invalidCredentials);
  if (user.role !== role) return fail(messages.wrongRole);
  if (!user.isActive) return fail(messages.accountDeactivated);

  await gate.succeed();
  const { token, expiresAt } = deps.signSession(user);
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

/**
 * POST /api/auth/renew: "Stay signed in". The request's own token has already been checked (signed by
 * us, not expired, the user still active with the same role and session version), so a new 60-minute
 * session for the same user is issued, answered like the login (the schema keeps the session's fields),
 * and the renewal is audited.
 */
export async function renewSession(deps: Pick<Deps, 'db' | 'signSession'>, actor: Actor): Promise<SessionUser> {
  const session = sessionUser.parse({ ...actor, ...deps.signSession(actor) });
  await recordAudit(deps.db, {
    by: actor,
    entity: 'user',
    entityId: actor.uuid,
    action: 'renew',
    entityName: actor.name,
  });
  return session;
}
