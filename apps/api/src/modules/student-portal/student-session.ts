import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { type ConsentState, canSignInState } from '@app/domain/privacy.rules';
import type { StudentStatus } from '@app/domain/students.rules';
import type { Executor } from '../../db/client';
import { findStudentSessionState } from './student-portal.repository';

/**
 * Why a student may not be signed in now, or null when they may: the one place every rule of a student's
 * sign-in lives, checked at sign-in and on every request of a student's session. A withdrawn student is
 * out, and so is one whose parent has not consented (DPDP Act, issue 27: held, or consent withdrawn).
 */
export function studentSignInBlock(
  student: { status: StudentStatus; consentState: ConsentState },
  today: string,
): string | null {
  if (student.status !== 'active') return messages.studentSignInBlocked;
  if (!canSignInState(student.consentState, today)) return messages.studentSignInWaitingConsent;
  return null;
}

/**
 * The check behind every request of a student's session (plugins/auth.ts): the student is still there,
 * may sign in, and the token is of the student's current version (a reset bumps it). The portal's
 * switch stops new sign-ins only: switching it off in the middle of a test does not throw a standard's
 * students out of it; an admin ends one student's sessions with a reset.
 */
export async function checkStudentSession(
  db: Executor,
  { studentId, tokenVersion, today }: { studentId: string; tokenVersion: number; today: string },
): Promise<void> {
  const state = await findStudentSessionState(db, studentId);
  if (!state || state.tokenVersion !== tokenVersion) throw new DomainError('UNAUTHORIZED', messages.sessionExpired);
  const blocked = studentSignInBlock(state, today);
  if (blocked) throw new DomainError('UNAUTHORIZED', blocked);
}
