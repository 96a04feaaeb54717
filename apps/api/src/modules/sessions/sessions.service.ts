import { DomainError } from '@app/domain/errors';
import { standardsWriting } from '@app/domain/exam.rules';
import {
  defaultSessionDates,
  defaultSessionName,
  type ExamSession,
  type OpenExamSession,
} from '@app/domain/exam-sessions.schemas';
import type { FlagName } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { sessionYearsOn } from '@app/domain/standards.rules';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { ExamSessionRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { queueReleaseMessages } from '../messages/messages.service';
import { seatUnseatedOfYear } from '../seats/seats.service';
import { currentSession, isReleased } from './current-session';
import {
  countsByYear,
  findClash,
  findOpenSession,
  findSession,
  insertSession,
  insertSessionUnlessTaken,
  listSessionRows,
  paperSetReadiness,
  updateSessionRow,
} from './sessions.repository';

export type SessionInput = {
  name: string;
  examYear: number;
  twoYearExamYear?: number | undefined;
  startsOn: string;
  endsOn: string;
  holdTicketsWhileOverdue?: boolean | undefined;
};

const toSession = (row: ExamSessionRow, counts: { students: number; papers: number }): ExamSession => ({
  id: row.id,
  name: row.name,
  examYear: row.examYear,
  twoYearExamYear: row.twoYearExamYear,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  openForRegistration: row.openForRegistration,
  hallTicketsReleased: row.hallTicketsReleased,
  resultsReleased: row.resultsReleased,
  holdTicketsWhileOverdue: row.holdTicketsWhileOverdue,
  ...counts,
});

async function withCounts(db: Executor, rows: ExamSessionRow[]): Promise<ExamSession[]> {
  const counts = await countsByYear(
    db,
    rows.map((row) => row.examYear),
  );
  return rows.map((row) =>
    toSession(row, {
      students: counts.students.get(row.examYear) ?? 0,
      papers: counts.papers.get(row.examYear) ?? 0,
    }),
  );
}

async function oneWithCounts(db: Executor, row: ExamSessionRow): Promise<ExamSession> {
  const [session] = await withCounts(db, [row]);
  if (!session) throw new Error('a session vanished while it was being read');
  return session;
}

/**
 * A database without sessions (a new one: migration 0018 gave existing data its own) gets its first,
 * open for registration, with SPEC §9's years as of `now`: 10th and 12th this year, the two-year
 * courses the next.
 */
export async function ensureFirstSession(db: Db, now: Date): Promise<void> {
  if ((await listSessionRows(db)).length > 0) return;
  const years = sessionYearsOn(now);
  // One transaction: the session and its default courses (issue 25) exist together or not at all.
  await db.transaction((tx) =>
    insertSessionUnlessTaken(tx, {
      name: defaultSessionName(years.examYear),
      ...years,
      ...defaultSessionDates(years.examYear),
      openForRegistration: true,
    }),
  );
}

export async function listSessions(db: Db): Promise<ExamSession[]> {
  return withCounts(db, await listSessionRows(db));
}

/** The session registrations go to, and the exam years it gives (the registration form shows them). */
export async function getOpenSession(db: Db): Promise<OpenExamSession> {
  const { id, name, examYear, twoYearExamYear } = await currentSession(db);
  return { id, name, examYear, twoYearExamYear };
}

async function checkUnique(tx: Tx, input: SessionInput, except?: number): Promise<void> {
  const clash = await findClash(tx, { name: input.name, examYear: input.examYear, except });
  if (!clash) return;
  throw new DomainError(
    'CONFLICT',
    clash.examYear === input.examYear ? messages.sessionYearTaken : messages.sessionNameTaken,
  );
}

const valuesOf = (input: SessionInput) => ({
  name: input.name,
  examYear: input.examYear,
  twoYearExamYear: input.twoYearExamYear ?? input.examYear + 1,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  holdTicketsWhileOverdue: input.holdTicketsWhileOverdue ?? false,
});

/** A new session (the next season), not yet open for registration. */
export async function createSession(db: Db, { input, by }: { input: SessionInput; by: Actor }): Promise<ExamSession> {
  return db.transaction(async (tx) => {
    await lockSessions(tx);
    await checkUnique(tx, input);
    const row = await insertSession(tx, valuesOf(input));
    await recordAudit(tx, { by, entity: 'exam_session', entityId: row.id, action: 'create', after: row });
    return oneWithCounts(tx, row);
  });
}

/**
 * Name, dates and the two-year courses' year change freely (students already registered keep their
 * exam year); the exam year itself only while no student sits it and no paper is set for it.
 */
export async function updateSession(
  db: Db,
  { id, input, by }: { id: number; input: SessionInput; by: Actor },
): Promise<ExamSession> {
  return db.transaction(async (tx) => {
    await lockSessions(tx);
    const before = await findSession(tx, id, 'update');
    if (!before) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    await checkUnique(tx, input, id);
    if (input.examYear !== before.examYear) {
      const current = await oneWithCounts(tx, before);
      if (current.students > 0 || current.papers > 0) throw new DomainError('CONFLICT', messages.sessionYearLocked);
    }
    const row = await updateSessionRow(tx, id, valuesOf(input));
    if (!row) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    await recordAudit(tx, { by, entity: 'exam_session', entityId: id, action: 'update', before, after: row });
    return oneWithCounts(tx, row);
  });
}

/** Opens a session for registration; the one open before closes in the same transaction. */
export async function openSession(db: Db, { id, by }: { id: number; by: Actor }): Promise<ExamSession> {
  return db.transaction(async (tx) => {
    await lockSessions(tx);
    const target = await findSession(tx, id, 'update');
    if (!target) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    if (target.openForRegistration) return oneWithCounts(tx, target);
    const previous = await findOpenSession(tx, 'update');
    if (previous) {
      await updateSessionRow(tx, previous.id, { openForRegistration: false });
      await recordAudit(tx, {
        by,
        entity: 'exam_session',
        entityId: previous.id,
        entityName: previous.name,
        action: 'update',
        before: { openForRegistration: true },
        after: { openForRegistration: false },
      });
    }
    const row = await updateSessionRow(tx, id, { openForRegistration: true });
    if (!row) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    await recordAudit(tx, {
      by,
      entity: 'exam_session',
      entityId: id,
      entityName: row.name,
      action: 'update',
      before: { openForRegistration: false },
      after: { openForRegistration: true },
    });
    return oneWithCounts(tx, row);
  });
}

/** Session writes queue one behind another (names and years are checked, one session opens at a time). */
async function lockSessions(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7354012015)`);
}

/**
 * Releases or withdraws a session's hall tickets or results. Released means released (issue 21): before
 * hall tickets go out, every paper set some student of the session writes must have its timetable
 * published, or the release is refused with what to do; then every student of the session without a
 * seat number gets one, in this transaction, after the year's last number. Answers how many were seated.
 */
export async function releaseIn(
  tx: Tx,
  { session, flag, released, by }: { session: ExamSessionRow; flag: FlagName; released: boolean; by: Actor },
): Promise<{ session: ExamSessionRow; seatsAssigned: number }> {
  let seatsAssigned = 0;
  if (flag === 'HALLTICKET' && released) {
    const sets = await paperSetReadiness(tx, { examYear: session.examYear, standardsOf: standardsWriting });
    const missing = sets.find((set) => set.hasStudents && !set.published);
    if (missing) {
      throw new DomainError(
        'CONFLICT',
        missing.paperSet === '10th' ? messages.publishTimetableFirst10th : messages.publishTimetableFirst12th,
      );
    }
    seatsAssigned = (await seatUnseatedOfYear(tx, { examYear: session.examYear, by })).assigned;
  }
  if (isReleased(session, flag) === released) return { session, seatsAssigned };
  const field = flag === 'HALLTICKET' ? 'hallTicketsReleased' : 'resultsReleased';
  const change = flag === 'HALLTICKET' ? { hallTicketsReleased: released } : { resultsReleased: released };
  const row = await updateSessionRow(tx, session.id, change);
  if (!row) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
  await recordAudit(tx, {
    by,
    entity: 'exam_session',
    entityId: session.id,
    entityName: session.name,
    action: 'update',
    before: { [field]: !released },
    after: change,
  });
  // Parents hear of the release in its transaction (issue 26: outbox); once per session and student.
  if (released) await queueReleaseMessages(tx, { sessionId: session.id, examYear: session.examYear, flag, by });
  return { session: row, seatsAssigned };
}

/** The sessions screen's switch: one session's hall tickets or results. */
export async function releaseSession(
  db: Db,
  { id, flag, released, by }: { id: number; flag: FlagName; released: boolean; by: Actor },
): Promise<{ session: ExamSession; seatsAssigned: number }> {
  return db.transaction(async (tx) => {
    // docs/decisions/009-lock-order.md: the session first, then (seating) its seat counter, then students.
    const session = await findSession(tx, id, 'update');
    if (!session) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    const result = await releaseIn(tx, { session, flag, released, by });
    return { session: await oneWithCounts(tx, result.session), seatsAssigned: result.seatsAssigned };
  });
}
