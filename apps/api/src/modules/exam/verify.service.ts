import type { VerifyResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyInstance } from 'fastify';
import { findLookupStudent } from './exam.repository';

/**
 * The public page a hall ticket's QR code opens. A genuine code shows the name, seat number and
 * centre as they are now, nothing else; a forged or altered code, or a seat number that has since
 * changed, says it cannot be verified.
 */
export async function verifyTicket(app: FastifyInstance, code: string): Promise<VerifyResponse> {
  const ticket = app.ticketSigner.verify(code);
  if (!ticket) return { valid: false, message: messages.ticketForged };
  const student = await findLookupStudent(app.db.db, ticket.studentId);
  if (!student || student.seatNumber !== ticket.seatNumber)
    return { valid: false, message: messages.ticketStudentGone };
  return {
    valid: true,
    message: messages.ticketValid,
    studentName: student.studentName,
    seatNumber: student.seatNumber,
    centre: `${student.centerName}, ${student.collegeName}`,
    examYear: student.examYear,
  };
}
