import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_CODE_PATTERN } from '@app/domain/exam.rules';

/**
 * The code in a hall ticket's QR: the student ID and seat number, signed with a key derived from the
 * JWT secret (HMAC-SHA256, 128 bits kept). Anyone can read it; nobody without the secret can make one,
 * and changing a character breaks the signature. Only the canonical spelling verifies: the signature is
 * compared as the text the signer writes, not as the bytes a lenient base64 decoder would make of it.
 */
export type TicketCode = { studentId: string; seatNumber: string };

const keyOf = (secret: string) => createHmac('sha256', secret).update('hall-ticket-verification/v1').digest();

function mac(key: Buffer, { studentId, seatNumber }: TicketCode): Buffer {
  return createHmac('sha256', key).update(`${studentId}|${seatNumber}`).digest().subarray(0, 16);
}

export function ticketSigner(secret: string) {
  const key = keyOf(secret);
  return {
    sign(ticket: TicketCode): string {
      return `${ticket.studentId}.${ticket.seatNumber}.${mac(key, ticket).toString('base64url')}`;
    },
    /** The ticket a code names, or null for a forged or altered one. */
    verify(code: string): TicketCode | null {
      const match = TICKET_CODE_PATTERN.exec(code);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const ticket = { studentId: match[1], seatNumber: match[2] };
      const given = Buffer.from(match[3]);
      const expected = Buffer.from(mac(key, ticket).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected) ? ticket : null;
    },
  };
}
export type TicketSigner = ReturnType<typeof ticketSigner>;
