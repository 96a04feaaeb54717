import type { FlagName } from '@app/domain/flags.schemas';
import type { Executor } from '../../db/client';
import { isReleased } from '../sessions/current-session';
import { findOpenSession } from '../sessions/sessions.repository';

/**
 * Whether a SPEC flag is on: the current session's (the one open for registration) hall tickets or
 * results are released. With `lock`, the session's row stays share-locked until the transaction ends,
 * so a release or withdrawal commits before or after, never during.
 */
export async function isFlagOnIn(db: Executor, name: FlagName, { lock = false } = {}): Promise<boolean> {
  const session = await findOpenSession(db, lock ? 'share' : undefined);
  return session ? isReleased(session, name) : false;
}
