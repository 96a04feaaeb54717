import { DomainError } from '@app/domain/errors';
import { formatSeatNumber, SEAT_SERIAL_MAX, seatOrder } from '@app/domain/exam.rules';
import type { SeatAssignment } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import type { Db, Tx } from '../../db/client';
import { reserveNumbers, setCounter } from '../../db/counters';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { isFlagOnIn } from '../flags/flag-state';
import { currentSessionYear } from '../sessions/current-session';
import { centreExists, clearSeats, listUnseated, listYearStudentsForRenumbering, setSeat } from './seats.repository';

const counterKey = (examYear: number) => `seat:${examYear}`;

type Seatable = { studentId: string; studentName: string; standard: string };

/** Gives each student, in seat order, the next serial from `first`; one audit entry each. */
async function seat(
  tx: Tx,
  {
    ordered,
    first,
    examYear,
    before,
    by,
  }: {
    ordered: Seatable[];
    first: number;
    examYear: number;
    before: Map<string, string | null>;
    by: Actor;
  },
): Promise<SeatAssignment> {
  if (ordered.length > 0 && first + ordered.length - 1 > SEAT_SERIAL_MAX) {
    throw new DomainError('CONFLICT', messages.seatSerialsExhausted);
  }
  const numbers: string[] = [];
  for (const [index, student] of ordered.entries()) {
    const seatSerial = first + index;
    const seatNumber = formatSeatNumber(examYear, seatSerial);
    numbers.push(seatNumber);
    await setSeat(tx, { studentId: student.studentId, seatNumber, seatSerial });
    await recordAudit(tx, {
      by,
      entity: 'student',
      entityId: student.studentId,
      studentId: student.studentId,
      entityName: student.studentName,
      action: 'update',
      before: { seatNumber: before.get(student.studentId) ?? null },
      after: { seatNumber },
    });
  }
  return {
    message: messages.seatsAssigned,
    assigned: ordered.length,
    first: numbers[0] ?? null,
    last: numbers.at(-1) ?? null,
  };
}

/** By centre, then as `seatOrder` within each centre: how a whole exam year is seated. */
function centreThenSeatOrder<T extends Seatable & { examCentreId: number }>(students: readonly T[]): T[] {
  const byCentre = new Map<number, T[]>();
  for (const student of students) {
    byCentre.set(student.examCentreId, [...(byCentre.get(student.examCentreId) ?? []), student]);
  }
  return [...byCentre.keys()].sort((a, b) => a - b).flatMap((centre) => seatOrder(byCentre.get(centre) ?? []));
}

/**
 * Seats every student of an exam year who has none, inside the caller's transaction (the release of
 * hall tickets): by centre, then standard, then name, after the year's last number.
 */
export async function seatUnseatedOfYear(
  tx: Tx,
  { examYear, by }: { examYear: number; by: Actor },
): Promise<SeatAssignment> {
  await reserveNumbers(tx, counterKey(examYear), 0);
  const ordered = centreThenSeatOrder(await listUnseated(tx, { examYear }));
  const first = await reserveNumbers(tx, counterKey(examYear), ordered.length);
  return seat(tx, { ordered, first, examYear, before: new Map(), by });
}

/** Queues behind every other writer of the exam year's seats (docs/decisions/009-lock-order.md: taken first). */
export async function lockSeatCounter(tx: Tx, examYear: number): Promise<void> {
  await reserveNumbers(tx, counterKey(examYear), 0);
}

/** The next seat of the exam year for one student registered after the release, inside the registration's transaction. */
export async function seatNewStudent(
  tx: Tx,
  { student, examYear, by }: { student: Seatable; examYear: number; by: Actor },
): Promise<SeatAssignment> {
  const first = await reserveNumbers(tx, counterKey(examYear), 1);
  return seat(tx, { ordered: [student], first, examYear, before: new Map(), by });
}

/**
 * Seat numbers for a centre's students of the current exam year who have none: by standard then name,
 * after the year's last number. The year's counter row is locked for the whole transaction, so two
 * centres assigned at once get disjoint consecutive blocks.
 */
export async function assignSeats(db: Db, { centerId, by }: { centerId: number; by: Actor }): Promise<SeatAssignment> {
  return db.transaction(async (tx) => {
    if (!(await centreExists(tx, centerId))) throw new DomainError('NOT_FOUND', messages.centreNotFound);
    const examYear = await currentSessionYear(tx);
    // Lock the counter first (reserving nothing), then read the students: all assigners queue here.
    await reserveNumbers(tx, counterKey(examYear), 0);
    const ordered = seatOrder(await listUnseated(tx, { centerId, examYear }));
    const first = await reserveNumbers(tx, counterKey(examYear), ordered.length);
    return seat(tx, { ordered, first, examYear, before: new Map(), by });
  });
}

/**
 * Every seat of the current exam year again from 1, by centre, then standard, then name. Only while
 * hall tickets are unreleased: after that a printed seat number never changes.
 */
export async function renumberSeats(db: Db, { by }: { by: Actor }): Promise<SeatAssignment> {
  return db.transaction(async (tx) => {
    // The session's row share-locked first (as a release takes it before the counter): a release of hall
    // tickets commits before or after, not during.
    if (await isFlagOnIn(tx, 'HALLTICKET', { lock: true })) {
      throw new DomainError('CONFLICT', messages.renumberAfterRelease);
    }
    const examYear = await currentSessionYear(tx);
    await reserveNumbers(tx, counterKey(examYear), 0);
    const all = await listYearStudentsForRenumbering(tx, examYear);
    const before = new Map(all.map((student) => [student.studentId, student.seatNumber]));
    const ordered = centreThenSeatOrder(all);
    await clearSeats(tx, examYear);
    await setCounter(tx, counterKey(examYear), ordered.length);
    const result = await seat(tx, { ordered, first: 1, examYear, before, by });
    return { ...result, message: messages.seatsRenumbered };
  });
}
