import type { Standard } from './standards.rules';
import type { SubjectStandard } from './subjects.schemas';

/**
 * Exam day rules (issue 15): which papers a student writes, how seat
 * numbers read, and how a public lookup matches a name.
 */

/** The paper set each standard sits: the two-year courses write their final year's papers. */
const paperSets: Record<Standard, SubjectStandard> = {
  '9th+10th': '10th',
  '10th': '10th',
  '11th+12th': '12th',
  '12th': '12th',
};

export function paperSetOf(standard: Standard): SubjectStandard {
  return paperSets[standard];
}

/** The standards that write one paper set (for the marks screen's standard filter and the timetable). */
export function standardsWriting(paperSet: SubjectStandard): Standard[] {
  return (Object.keys(paperSets) as Standard[]).filter((standard) => paperSets[standard] === paperSet);
}

/**
 * Seat numbers (docs/decisions/005-seat-numbers.md): 'S' + the exam year's last two digits + '-' +
 * a five-digit serial running through the whole exam year, e.g. 'S26-00042'. Unique within the year
 * (and, with the year in it, for ever); centres get consecutive blocks because they are assigned per centre.
 */
export const SEAT_SERIAL_MAX = 99_999;

/** How a seat number is labelled wherever it is shown: the Registration Table, the export, the PDFs. */
export const SEAT_NUMBER_LABEL = 'Seat No.';

export function formatSeatNumber(examYear: number, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > SEAT_SERIAL_MAX) {
    throw new RangeError(`seat serial out of range: ${serial}`);
  }
  return `S${String(examYear % 100).padStart(2, '0')}-${String(serial).padStart(5, '0')}`;
}

export function parseSeatNumber(text: string): { yearSuffix: number; serial: number } | null {
  const match = /^S(\d{2})-(\d{5})$/.exec(text);
  if (!match) return null;
  const serial = Number(match[2]);
  return serial >= 1 ? { yearSuffix: Number(match[1]), serial } : null;
}

/**
 * A name as a public lookup compares it: letters in lower case, any run of white space counting as
 * none, so 'Asha  Patil', 'asha patil' and 'ASHAPATIL' all match 'Asha Patil'.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en-IN').replace(/\s+/gu, '');
}

export function namesMatch(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

/** The order seat numbers are handed out in: standard (as listed in SPEC §9), then name, then ID. */
export function seatOrder<T extends { standard: string; studentName: string; studentId: string }>(
  students: readonly T[],
): T[] {
  const rank = (standard: string) => ['9th+10th', '10th', '11th+12th', '12th'].indexOf(standard);
  return [...students].sort(
    (a, b) =>
      rank(a.standard) - rank(b.standard) ||
      a.studentName.localeCompare(b.studentName, 'en-IN', { sensitivity: 'base' }) ||
      a.studentId.localeCompare(b.studentId),
  );
}

/**
 * The shape of a hall ticket's QR code: student ID, seat number and a 128-bit signature in base64url
 * (apps/api/src/lib/ticket-code.ts). Anything else is refused before the signature is checked.
 * 128 bits in 22 characters leave 4 spare bits in the last one, which the canonical encoding sets to
 * zero: it can only be A, Q, g or w. The 15 other spellings that decode to the same bytes are refused.
 */
export const TICKET_CODE_PATTERN = /^(\d{1,20})\.(S\d{2}-\d{5})\.([A-Za-z0-9_-]{21}[AQgw])$/;
