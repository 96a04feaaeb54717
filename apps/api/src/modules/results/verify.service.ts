import { DomainError } from '@app/domain/errors';
import type { VerifyResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import type { Deps } from '../../deps';
import { failureGate } from '../../lib/failure-limits';
import { LOOKUP_FAILURES } from './lookup.service';
import { findLookupStudent } from './results.repository';
import { verifiedResult } from './results.service';

/** The marksheet's result summary, once results are declared (added to the ticket's answer). */
const optionalResult = (result: VerifyResponse['result']) => (result ? { result } : {});

/**
 * The public page a hall ticket's QR code opens. A genuine code shows the name, seat number and
 * centre as they are now, nothing else; a forged or altered code, or a seat number that has since
 * changed, says it cannot be verified.
 *
 * Forged codes are limited like lookups (the same numbers, counters of their own): per student ID the
 * code names, from this address and from all, and per address. A genuine code cannot be guessed (128
 * bits), but a page that answers forgeries without limit invites trying.
 */
export const VERIFY_FAILURES = { ...LOOKUP_FAILURES, name: 'verify' };

export async function verifyTicket(
  deps: Pick<Deps, 'db' | 'attempts' | 'lookupCache' | 'ticketSigner'>,
  code: string,
  ip: string,
): Promise<VerifyResponse> {
  const gate = await failureGate(deps.attempts, VERIFY_FAILURES, { subject: code.split('.', 1)[0] ?? '', ip });
  if (gate.refused) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLookups, {
      retryAfterSeconds: gate.retryAfterSeconds,
    });
  }
  const ticket = deps.ticketSigner.verify(code);
  if (!ticket) {
    await gate.fail();
    return { valid: false, message: messages.ticketForged };
  }
  await gate.succeed();
  const student = await findLookupStudent(deps.db, ticket.studentId);
  if (!student || student.seatNumber !== ticket.seatNumber)
    return { valid: false, message: messages.ticketStudentGone };
  return {
    valid: true,
    message: messages.ticketValid,
    studentName: student.studentName,
    seatNumber: student.seatNumber,
    centre: `${student.centerName}, ${student.collegeName}`,
    examYear: student.examYear,
    ...optionalResult(await verifiedResult(deps, student)),
  };
}
