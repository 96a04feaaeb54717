import { DomainError } from '@app/domain/errors';
import type { FlagName } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import type { Executor } from '../../db/client';
import type { ExamSessionRow } from '../../db/schema';
import { findOpenSession, findSessionOfYear } from './sessions.repository';

/**
 * The current session: the one open for registration (docs/decisions/007-exam-sessions.md). Registrations
 * take their exam year from it; the admin's exam-day work (papers, seats, marks, a centre's tickets) and
 * the SPEC flag routes act on it. Never today's date.
 */
export async function currentSession(db: Executor, lock?: 'share' | 'update'): Promise<ExamSessionRow> {
  const session = await findOpenSession(db, lock);
  if (!session) throw new DomainError('CONFLICT', messages.noSessionOpen);
  return session;
}

/** The exam year of the current session. */
export async function currentSessionYear(db: Executor): Promise<number> {
  return (await currentSession(db)).examYear;
}

export function isReleased(session: Pick<ExamSessionRow, 'hallTicketsReleased' | 'resultsReleased'>, flag: FlagName) {
  return flag === 'HALLTICKET' ? session.hallTicketsReleased : session.resultsReleased;
}

/** Whether an exam year's session has released its hall tickets or results; `lock` share-locks its row. */
export async function isReleasedFor(
  db: Executor,
  { examYear, flag, lock = false }: { examYear: number; flag: FlagName; lock?: boolean },
): Promise<boolean> {
  const session = await findSessionOfYear(db, examYear, lock ? 'share' : undefined);
  return session ? isReleased(session, flag) : false;
}
