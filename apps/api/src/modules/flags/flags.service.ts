import { DomainError } from '@app/domain/errors';
import { type FlagName, flagNames, type SettingFlag } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import type { Db, Executor } from '../../db/client';
import type { NotifiedCache } from '../../db/notified-cache';
import type { Actor } from '../../plugins/auth';
import { currentSession, isReleased } from '../sessions/current-session';
import { findOpenSession, releasedYears } from '../sessions/sessions.repository';
import { releaseIn } from '../sessions/sessions.service';

/**
 * SPEC's setting flags are the releases of the current session, the one open for registration
 * (docs/decisions/007-exam-sessions.md); other sessions' releases are switched on the Exam Sessions screen.
 */
export async function listFlags(db: Executor): Promise<SettingFlag[]> {
  const session = await findOpenSession(db);
  return flagNames.map((flagName) => ({
    flagName,
    flagValue: session && isReleased(session, flagName) ? 'true' : 'false',
  }));
}

/**
 * What the public Hall Ticket and Result pages follow: a flag is on while any session has released it, so
 * an earlier season's students still reach their results while the next season registers (lookups answer
 * for the student's own session). Read through the lookup cache: every phone on results day asks.
 */
export async function listPublicFlags({ db, cache }: { db: Executor; cache: NotifiedCache }): Promise<SettingFlag[]> {
  const released = await cache.get('released-years', () => releasedYears(db));
  return flagNames.map((flagName) => ({ flagName, flagValue: released[flagName].length > 0 ? 'true' : 'false' }));
}

/**
 * Switches a flag of the current session. Releasing hall tickets seats every student of the session
 * who has none, in the same transaction; `seatsAssigned` says how many.
 */
export async function updateFlag(
  db: Db,
  { flagName, flagValue, by }: { flagName: string; flagValue: 'true' | 'false'; by: Actor },
): Promise<SettingFlag & { seatsAssigned: number }> {
  const flag = flagNames.find((name): name is FlagName => name === flagName);
  if (!flag) throw new DomainError('NOT_FOUND', messages.flagNotFound);
  return db.transaction(async (tx) => {
    const session = await currentSession(tx, 'update');
    const { seatsAssigned } = await releaseIn(tx, { session, flag, released: flagValue === 'true', by });
    return { flagName: flag, flagValue, seatsAssigned };
  });
}
