import { DomainError } from '@app/domain/errors';
import { namesMatch } from '@app/domain/exam.rules';
import type { FlagName } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { isStandard, type Standard } from '@app/domain/standards.rules';
import type { Deps } from '../../deps';
import { type FailurePolicy, failureGate } from '../../lib/failure-limits';
import { releasedYears } from '../sessions/sessions.repository';
import { findLookupStudent, type LookupStudent, listPaperSet, type StudentMark } from './results.repository';

/**
 * Public lookups (hall ticket, result) answer who knows a student's ID, name and mother's name. Wrong
 * answers are counted (lib/failure-limits.ts): per student ID from this address (own), per student ID
 * from every address (subject), per address over all IDs. Right answers are not counted (a family may
 * print a ticket many times) and clear the asker's own failures on that ID.
 *
 * The numbers, per 15 minutes:
 * - 10 own failures: a family mistyping a name many times; more is somebody guessing.
 * - 20 failures on one ID from all addresses put it under pressure: then an address may have 3 failures
 *   of its own on it. An attacker spread over many addresses gets 3 guesses per address per window; the
 *   genuine student, from an address that has not failed that ID, is answered whatever others did.
 * - 300 failures from one address refuse it outright. Sized for CGNAT: on results day a city's mobile
 *   pool may put on the order of a thousand of our families behind one address within a quarter hour; if
 *   one in four mistypes once, that is about 250 failures. A school lab (40 machines) or a branch office
 *   stays far below. This ceiling is hard, unlike the login's, because walking IDs needs only one guess
 *   per ID: a ceiling that let a clean (ID, address) pair through would let one address try a known
 *   name and mother's name on every one of 20,000 IDs. 300 per window keeps a walker at 1 in ~65 IDs.
 *
 * Whether this answer is right is never looked at before the verdict: a correct lookup let through past
 * a limit that refuses wrong ones would tell a guesser which guess is right, at full speed. So others'
 * failures refuse a genuine family in two cases only: their address is past 300 (then everyone there
 * waits out the window, Retry-After), or somebody behind the same address has failed the same student
 * ID 10 times (3 under pressure), which to the server is the same asker.
 */
export const LOOKUP_FAILURES: FailurePolicy = {
  name: 'lookup',
  windowMs: 15 * 60 * 1000,
  own: 10,
  ownUnderPressure: 3,
  subject: 20,
  address: 300,
  hardAddressCeiling: true,
};

/** What a public lookup reads: the database through the lookup cache, and the failure counters. */
export type LookupDeps = Pick<Deps, 'db' | 'attempts' | 'lookupCache'>;

export type LookupInput = { studentName: string; studentId: string; motherName: string; ip: string };

/** A student who passed the lookup's checks, with their marks. */
export type LookupStudentWithMarks = LookupStudent & { standard: Standard; marks: StudentMark[] };

export async function lookUpStudent(
  deps: LookupDeps,
  { studentName, studentId, motherName, ip, flag }: LookupInput & { flag: FlagName },
): Promise<LookupStudentWithMarks> {
  const gate = await failureGate(deps.attempts, LOOKUP_FAILURES, { subject: studentId, ip });
  if (gate.refused) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLookups, {
      retryAfterSeconds: gate.retryAfterSeconds,
    });
  }
  const db = deps.db;
  // The exam sessions whose tickets (results) are out, whatever the date (docs/decisions/007-exam-sessions.md).
  const released = (await deps.lookupCache.get('released-years', () => releasedYears(db)))[flag];
  if (released.length === 0) {
    throw new DomainError(
      'CONFLICT',
      flag === 'HALLTICKET' ? messages.hallTicketsNotReleased : messages.resultNotDeclared,
    );
  }
  const student = await deps.lookupCache.get(`student:${studentId}`, () => findLookupStudent(db, studentId));
  const fail = async (status: 403 | 404, message: string): Promise<never> => {
    await gate.fail();
    throw new DomainError(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', message);
  };
  // SPEC §8: an unknown student is 403 'Student not found !!'; a wrong name is the same answer, so a
  // student ID alone tells nothing.
  if (!student || !namesMatch(student.studentName, studentName) || !isStandard(student.standard)) {
    return fail(403, messages.lookupStudentNotFound);
  }
  if (!namesMatch(student.motherName, motherName)) return fail(404, messages.lookupMotherMismatch);
  await gate.succeed();
  if (!released.includes(student.examYear)) {
    throw new DomainError(
      'CONFLICT',
      flag === 'HALLTICKET' ? messages.notThisExamYear : messages.resultNotThisExamYear,
    );
  }
  return { ...student, standard: student.standard };
}

/** A paper set's timetable of an exam year, through the lookup cache. Shared: never change it. */
export function lookupPaperSet(
  deps: Pick<Deps, 'db' | 'lookupCache'>,
  key: { paperSet: '10th' | '12th'; examYear: number },
) {
  return deps.lookupCache.get(`papers:${key.paperSet}:${key.examYear}`, () => listPaperSet(deps.db, key));
}
