import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { examFixtures } from '../../testing/exam-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Exam sessions (docs/decisions/007-exam-sessions.md) with the clock moved: one season runs from
 * November to February across 1 January, and nothing it answers depends on the calendar year turning.
 */

/** A test app whose clock the test moves; it starts on `start` (the first session takes its year from it). */
async function appAt(start: string) {
  let now = new Date(start);
  const t = await createTestApp({ clock: () => now, attempts: memoryAttemptStore() });
  return {
    t,
    fx: examFixtures(t),
    at(instant: string) {
      now = new Date(instant);
    },
  };
}
type World = Awaited<ReturnType<typeof appAt>>;

/** A paper's date relative to the real today: the subjects form checks the date against it. */
const paperDay = (n: number) => shiftDate(indianToday(), { days: n });

let ip = 0;
const lookup = (t: TestApp, path: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api${path}?${new URLSearchParams(query)}`, remoteAddress: `10.1.0.${++ip}` });

async function examYearsOf(t: TestApp, ids: string[]): Promise<Record<string, number>> {
  const rows = await t.app.deps.db
    .select({ id: students.studentId, year: students.examYear })
    .from(students)
    .where(inArray(students.studentId, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.year]));
}

async function seatOf(t: TestApp, studentId: string): Promise<string | null> {
  const [row] = await t.app.deps.db
    .select({ seat: students.seatNumber })
    .from(students)
    .where(eq(students.studentId, studentId));
  return row?.seat ?? null;
}

const setFlag = async (t: TestApp, flagName: string, flagValue: 'true' | 'false') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/updateSettingFlag/${flagName}`,
    headers: await t.adminAuth(),
    payload: { flagValue },
  });

const flags = async (t: TestApp) =>
  Object.fromEntries(
    (
      (await t.app.inject({ method: 'GET', url: '/api/admin/getSettingFlags' })).json().data as {
        flagName: string;
        flagValue: string;
      }[]
    ).map((flag) => [flag.flagName, flag.flagValue]),
  );

// 10:30 in India on each day of the season.
const season = {
  '24/11/2026': '2026-11-24T05:00:00Z',
  '20/12/2026': '2026-12-20T05:00:00Z',
  '10/01/2027': '2027-01-10T05:00:00Z',
  '25/02/2027': '2027-02-25T05:00:00Z',
} as const;

describe('one season across 1 January', () => {
  let w: World;
  beforeAll(async () => {
    w = await appAt(season['24/11/2026']);
  });
  afterAll(() => w.t.close());

  it('registrations on 24/11, 20/12, 10/01 and 25/02 share the exam year of the session; the two-year courses the next', async () => {
    const centerId = await w.fx.centre(1);
    const ids: Record<string, string[]> = {};
    for (const [day, instant] of Object.entries(season)) {
      w.at(instant);
      ids[day] = [
        await w.fx.student({ centerId, name: `Tenth ${day}` }),
        await w.fx.student({ centerId, name: `Twelfth ${day}`, standard: '12th' }),
        await w.fx.student({ centerId, name: `Two Year ${day}`, standard: '9th+10th' }),
      ];
    }
    const years = await examYearsOf(w.t, Object.values(ids).flat());
    for (const [tenth, twelfth, twoYear] of Object.values(ids)) {
      expect([years[tenth as string], years[twelfth as string], years[twoYear as string]]).toEqual([2026, 2026, 2027]);
    }
    // The student ID still counts the registration's calendar year; the exam year does not.
    expect(ids['10/01/2027']?.[0]?.slice(0, 2)).toBe('27');
  });

  it('crossing midnight in Asia/Kolkata on 31 December changes the student ID year, never the exam year', async () => {
    const centerId = await w.fx.centre(2);
    w.at('2026-12-31T18:29:59Z');
    const before = await w.fx.student({ centerId, name: 'Last Minute' });
    w.at('2026-12-31T18:30:00Z');
    const after = await w.fx.student({ centerId, name: 'First Minute' });
    expect([before.slice(0, 2), after.slice(0, 2)]).toEqual(['26', '27']);
    expect(await examYearsOf(w.t, [before, after])).toEqual({ [before]: 2026, [after]: 2026 });
    const open = await w.t.app.inject({
      method: 'GET',
      url: '/api/counsellor/openExamSession',
      headers: await w.t.adminAuth(),
    });
    expect(open.json().data).toMatchObject({ name: 'Mock Board Exams 2026-27', examYear: 2026, twoYearExamYear: 2027 });
  });

  it("a demo student's hall ticket and result answer on every day of the season", async () => {
    w.at(season['24/11/2026']);
    const centerId = await w.fx.centre(3, 'Pune Central');
    await w.fx.paper(3101, { name: 'English', date: paperDay(30) });
    await w.fx.paper(3102, { name: 'Mathematics', date: paperDay(32) });
    await w.fx.paper(3201, { name: 'Physics', set: '12th', date: paperDay(30) });
    const studentId = await w.fx.student({ centerId, name: 'Asha Patil', mother: 'Sunita Patil' });
    expect((await setFlag(w.t, 'HALLTICKET', 'true')).statusCode).toBe(200);
    for (const [subjectCode, marks] of [
      [3101, 72],
      [3102, 64],
    ]) {
      const saved = await w.t.app.inject({
        method: 'PUT',
        url: '/api/exam/marks',
        headers: await w.t.adminAuth(),
        payload: { studentId, subjectCode, marks },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect((await setFlag(w.t, 'RESULT', 'true')).statusCode).toBe(200);
    const query = { studentName: 'Asha Patil', studentId, motherName: 'Sunita Patil' };
    for (const instant of [...Object.values(season), '2026-12-31T18:29:59Z', '2026-12-31T18:30:00Z']) {
      w.at(instant);
      const ticket = await lookup(w.t, '/pdf/generate-preview', query);
      expect([instant, ticket.statusCode, ticket.headers['content-type']]).toEqual([instant, 200, 'application/pdf']);
      const result = await lookup(w.t, '/result/fetch', query);
      expect([instant, result.statusCode]).toEqual([instant, 200]);
      expect(result.json()).toMatchObject({ examYear: 2026, totalObtained: 136, result: 'PASS' });
    }
  });
});

describe('released means released', () => {
  let w: World;
  beforeAll(async () => {
    w = await appAt('2030-11-24T05:00:00Z');
  });
  afterAll(() => w.t.close());

  it('is refused while a paper set with students has no timetable, then seats every student, then each newcomer', async () => {
    const a = await w.fx.centre(11);
    const b = await w.fx.centre(12);
    const meera = await w.fx.student({ centerId: a, name: 'Meera Joshi' });
    const zoya = await w.fx.student({ centerId: a, name: 'Zoya Khan', standard: '12th' });
    const bina = await w.fx.student({ centerId: b, name: 'Bina Shah' });
    const twoYear = await w.fx.student({ centerId: b, name: 'Next Year', standard: '11th+12th' });

    const refusals: string[] = [];
    const tryRelease = async () => {
      const response = await setFlag(w.t, 'HALLTICKET', 'true');
      if (response.statusCode !== 200) refusals.push(`${response.statusCode} ${response.json().message}`);
      return response;
    };
    await tryRelease();
    // A paper without a date is not a published timetable.
    await w.fx.paper(4101, { name: 'English' });
    await tryRelease();
    await w.t.app.inject({
      method: 'PUT',
      url: '/api/admin/addDates/4101',
      headers: await w.t.adminAuth(),
      payload: { examDate: paperDay(20), examTime: '11:00 AM-2:00 PM' },
    });
    await tryRelease();
    expect(refusals).toEqual([
      `409 ${messages.publishTimetableFirst10th}`,
      `409 ${messages.publishTimetableFirst10th}`,
      `409 ${messages.publishTimetableFirst12th}`,
    ]);
    // Refused: nothing changed.
    expect((await flags(w.t)).HALLTICKET).toBe('false');
    expect(await seatOf(w.t, meera)).toBeNull();

    await w.fx.paper(4201, { name: 'Physics', set: '12th', date: paperDay(20) });
    const released = await tryRelease();
    expect(released.statusCode).toBe(200);
    // SPEC's answer, and beside it how many students the release seated.
    expect(released.json()).toEqual({
      message: messages.flagUpdated,
      data: { flagName: 'HALLTICKET', flagValue: 'true' },
      seatsAssigned: 3,
    });
    // By centre, then standard, then name; the two-year student sits next year's exam, unseated.
    expect([await seatOf(w.t, meera), await seatOf(w.t, zoya), await seatOf(w.t, bina)]).toEqual([
      'S30-00001',
      'S30-00002',
      'S30-00003',
    ]);
    expect(await seatOf(w.t, twoYear)).toBeNull();
    const seatEntries = await w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [meera, zoya, bina]));
    expect(seatEntries.filter((entry) => (entry.after as { seatNumber?: string })?.seatNumber)).toHaveLength(3);

    // Registered while tickets are released, in January: the next seat at registration, and a ticket.
    w.at('2031-01-10T05:00:00Z');
    const late = await w.fx.student({ centerId: a, name: 'Late Comer', mother: 'Lata' });
    expect(await seatOf(w.t, late)).toBe('S30-00004');
    for (const [studentId, studentName, motherName] of [
      [late, 'Late Comer', 'Lata'],
      [bina, 'Bina Shah', 'Sunita Kulkarni'],
    ] as const) {
      const ticket = await lookup(w.t, '/pdf/generate-preview', { studentName, studentId, motherName });
      expect(ticket.statusCode).toBe(200);
    }
    // The papers under released tickets stay.
    const deleted = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/deleteSubject/4101',
      headers: await w.t.adminAuth(),
    });
    expect([deleted.statusCode, deleted.json().message]).toEqual([409, messages.paperOfReleasedSession]);
    // A second release (switching off and on) finds nobody left to seat.
    expect((await setFlag(w.t, 'HALLTICKET', 'false')).statusCode).toBe(200);
    expect((await setFlag(w.t, 'HALLTICKET', 'true')).json().seatsAssigned).toBe(0);
  });
});

// Each test opens, renames or releases sessions: each has an app of its own (tests run shuffled).
describe('the admin manages exam sessions', () => {
  let w: World;
  let admin: { authorization: string };
  beforeEach(async () => {
    w = await appAt('2026-11-24T05:00:00Z');
    admin = await w.t.adminAuth();
  });
  afterEach(() => w.t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    w.t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const next = {
    name: 'Mock Board Exams 2027-28',
    examYear: 2027,
    startsOn: '2027-06-01',
    endsOn: '2028-03-31',
  };

  it('lists the first session, open, with its students and papers', async () => {
    const list = await call('GET', '/examSessions');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      name: 'Mock Board Exams 2026-27',
      examYear: 2026,
      twoYearExamYear: 2027,
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      openForRegistration: true,
      hallTicketsReleased: false,
      resultsReleased: false,
    });
  });

  it('refuses bad sessions with 400 and clashes with 409, changing nothing', async () => {
    const before = (await call('GET', '/examSessions')).json().data;
    for (const [payload, message] of [
      [{ ...next, name: ' ' }, messages.sessionNameRequired],
      [{ ...next, examYear: 1999 }, messages.sessionYearInvalid],
      [{ ...next, examYear: '2027.5' }, messages.sessionYearInvalid],
      [{ ...next, twoYearExamYear: 2027 }, messages.sessionTwoYearInvalid],
      [{ ...next, endsOn: '2027-05-31' }, messages.sessionDatesOrder],
      [{ ...next, startsOn: '2027-02-30' }, messages.invalidDate],
      [{ ...next, startsOn: undefined }, messages.sessionDatesRequired],
    ] as const) {
      const response = await call('POST', '/examSessions', payload);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const sameYear = await call('POST', '/examSessions', { ...next, examYear: 2026 });
    expect([sameYear.statusCode, sameYear.json().message]).toEqual([409, messages.sessionYearTaken]);
    const sameName = await call('POST', '/examSessions', { ...next, name: 'mock board exams 2026-27' });
    expect([sameName.statusCode, sameName.json().message]).toEqual([409, messages.sessionNameTaken]);
    expect((await call('GET', '/examSessions')).json().data).toEqual(before);
    const counsellor = await w.t.createStaff({ role: 'counsellor' });
    expect((await call('POST', '/examSessions', next, counsellor.headers)).statusCode).toBe(403);
    expect((await call('GET', '/examSessions', undefined, counsellor.headers)).statusCode).toBe(403);
    expect((await call('PUT', '/examSessions/999/open')).statusCode).toBe(404);
  });

  const publicFlags = async () => {
    const response = await w.t.app.inject({ method: 'GET', url: '/api/public/releases' });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      response.json().data.map((flag: { flagName: string; flagValue: string }) => [flag.flagName, flag.flagValue]),
    );
  };

  it('starts the next season: registrations go to it, the earlier one keeps its results and lookups', async () => {
    // The first season: a student with a ticket and a result, both released.
    const centerId = await w.fx.centre(21);
    await w.fx.paper(5101, { name: 'English', date: paperDay(10) });
    const asha = await w.fx.student({ centerId, name: 'Asha Earlier', mother: 'M' });
    expect((await setFlag(w.t, 'HALLTICKET', 'true')).statusCode).toBe(200);
    await w.t.app.inject({
      method: 'PUT',
      url: '/api/exam/marks',
      headers: admin,
      payload: { studentId: asha, subjectCode: 5101, marks: 81 },
    });
    expect((await setFlag(w.t, 'RESULT', 'true')).statusCode).toBe(200);
    const [first] = (await call('GET', '/examSessions')).json().data;

    // Created, not open: registrations still go to the first session.
    w.at('2027-06-15T05:00:00Z');
    const created = await call('POST', '/examSessions', next);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ ...next, twoYearExamYear: 2028, openForRegistration: false });
    const stillFirst = await w.fx.student({ centerId, name: 'Still First' });
    expect(await examYearsOf(w.t, [stillFirst])).toEqual({ [stillFirst]: 2026 });
    const opened = await call('PUT', `/examSessions/${id}/open`);
    expect(opened.statusCode).toBe(200);
    const sessions = (await call('GET', '/examSessions')).json().data;
    expect(
      sessions.map((s: { examYear: number; openForRegistration: boolean }) => [s.examYear, s.openForRegistration]),
    ).toEqual([
      [2026, false],
      [2027, true],
    ]);

    // The next season's registrations: 10th sits 2027, 9th+10th 2028.
    const tenth = await w.fx.student({ centerId, name: 'Next Tenth' });
    const twoYear = await w.fx.student({ centerId, name: 'Next Two Year', standard: '9th+10th' });
    expect(await examYearsOf(w.t, [tenth, twoYear])).toEqual({ [tenth]: 2027, [twoYear]: 2028 });
    // The SPEC flags are the open session's: nothing of 2027 is released.
    expect(await flags(w.t)).toEqual({ HALLTICKET: 'false', RESULT: 'false' });
    // The public pages follow any session's releases: the earlier season's hall tickets and results stay open.
    expect(await publicFlags()).toEqual({ HALLTICKET: 'true', RESULT: 'true' });
    // The earlier session's student is still looked up: its results are released.
    const result = await lookup(w.t, '/result/fetch', {
      studentName: 'Asha Earlier',
      studentId: asha,
      motherName: 'M',
    });
    expect([result.statusCode, result.json().examYear, result.json().totalObtained]).toEqual([200, 2026, 81]);
    // Withdrawn on the sessions screen: no longer.
    const withdrawn = await call('PUT', `/examSessions/${first.id}/release`, { flag: 'RESULT', released: false });
    expect([withdrawn.statusCode, withdrawn.json().data.resultsReleased]).toEqual([200, false]);
    expect(await publicFlags()).toEqual({ HALLTICKET: 'true', RESULT: 'false' });
    const closed = await lookup(w.t, '/result/fetch', {
      studentName: 'Asha Earlier',
      studentId: asha,
      motherName: 'M',
    });
    expect(closed.statusCode).toBe(409);
  });

  it("edits a session's name and dates; its exam year only while no student or paper has it", async () => {
    const created = (
      await call('POST', '/examSessions', {
        name: 'Mock Board Exams 2040-41',
        examYear: 2040,
        startsOn: '2040-06-01',
        endsOn: '2041-03-31',
      })
    ).json().data;
    const moved = await call('PUT', `/examSessions/${created.id}`, {
      name: 'Mock Board Exams 2041-42',
      examYear: 2041,
      twoYearExamYear: 2043,
      startsOn: '2041-07-01',
      endsOn: '2042-03-31',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      name: 'Mock Board Exams 2041-42',
      examYear: 2041,
      twoYearExamYear: 2043,
    });
    // The open session has a student: its exam year stays.
    await w.fx.student({ centerId: await w.fx.centre(31), name: 'Holds The Year' });
    const open = (await call('GET', '/examSessions'))
      .json()
      .data.find((s: { openForRegistration: boolean }) => s.openForRegistration);
    const locked = await call('PUT', `/examSessions/${open.id}`, { ...open, examYear: 2090, twoYearExamYear: 2091 });
    expect([locked.statusCode, locked.json().message]).toEqual([409, messages.sessionYearLocked]);
    const renamed = await call('PUT', `/examSessions/${open.id}`, { ...open, name: 'Season Now' });
    expect(renamed.json().data).toMatchObject({ name: 'Season Now', examYear: open.examYear });
    const audited = await w.t.app.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'exam_session'));
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });
});

describe('a release of hall tickets while counsellors register', () => {
  let w: World;
  beforeAll(async () => {
    w = await appAt('2032-12-01T05:00:00Z');
  });
  afterAll(() => w.t.close());

  it('seats everyone exactly once: numbers unique and without gaps, whichever commits first', async () => {
    const centerId = await w.fx.centre(51);
    await w.fx.paper(6101, { name: 'English', date: paperDay(15) });
    for (const name of ['Early One', 'Early Two', 'Early Three']) await w.fx.student({ centerId, name });
    const [release] = await Promise.all([
      setFlag(w.t, 'HALLTICKET', 'true'),
      ...['Racer One', 'Racer Two', 'Racer Three', 'Racer Four'].map((name) => w.fx.student({ centerId, name })),
    ]);
    expect(release.statusCode).toBe(200);
    const rows = await w.t.app.deps.db
      .select({ seat: students.seatSerial })
      .from(students)
      .where(eq(students.examCentreId, centerId));
    expect(rows.map((row) => row.seat).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The release seated those registered before it (at least the first three); the others seated themselves.
    expect(release.json().seatsAssigned).toBeGreaterThanOrEqual(3);
  });
});

describe('optional, per session: no hall ticket while a fee is overdue', () => {
  let w: World;
  beforeAll(async () => {
    w = await appAt('2034-11-24T05:00:00Z');
  });
  afterAll(() => w.t.close());

  it("holds an overdue student's ticket with a clear message until an admin allows it (audited); the overdue list says who is held", async () => {
    const admin = await w.t.adminAuth();
    const [session] = (await w.t.app.inject({ method: 'GET', url: '/api/admin/examSessions', headers: admin })).json()
      .data;
    expect(session.holdTicketsWhileOverdue).toBe(false);
    const centerId = await w.fx.centre(61);
    await w.fx.paper(7101, { name: 'English', date: paperDay(15) });
    // The fixture pays part of the fee; the rest is due 30 days after registration, 24/12/2034.
    const studentId = await w.fx.student({ centerId, name: 'Owes Fees', mother: 'M' });
    expect((await setFlag(w.t, 'HALLTICKET', 'true')).statusCode).toBe(200);
    const query = { studentName: 'Owes Fees', studentId, motherName: 'M' };
    const overdueList = async () =>
      (await w.t.app.inject({ method: 'GET', url: '/api/counsellor/overdue?page=1', headers: admin })).json().data;

    // Overdue from 25/12, but the session does not hold tickets: the ticket is issued.
    w.at('2034-12-26T05:00:00Z');
    expect((await lookup(w.t, '/pdf/generate-preview', query)).statusCode).toBe(200);
    expect(await overdueList()).toEqual([expect.objectContaining({ studentId, ticketHeld: false })]);

    const on = await w.t.app.inject({
      method: 'PUT',
      url: `/api/admin/examSessions/${session.id}`,
      headers: admin,
      payload: { ...session, holdTicketsWhileOverdue: true },
    });
    expect([on.statusCode, on.json().data.holdTicketsWhileOverdue]).toEqual([200, true]);
    const held = await lookup(w.t, '/pdf/generate-preview', query);
    expect([held.statusCode, held.json().message]).toEqual([409, messages.ticketHeldOverdue]);
    expect(await overdueList()).toEqual([expect.objectContaining({ studentId, ticketHeld: true })]);
    // Not yet overdue on the due date itself.
    w.at('2034-12-24T05:00:00Z');
    expect((await lookup(w.t, '/pdf/generate-preview', query)).statusCode).toBe(200);
    w.at('2034-12-26T05:00:00Z');

    const allow = (payload: object) =>
      w.t.app.inject({ method: 'POST', url: '/api/admin/hallTicketAllowances', headers: admin, payload });
    expect((await allow({ studentId, reason: ' ' })).statusCode).toBe(400);
    expect((await allow({ studentId: '9999999', reason: 'x' })).statusCode).toBe(404);
    expect((await allow({ studentId, reason: 'Paid in cash at the branch; receipt to follow' })).statusCode).toBe(200);
    expect((await lookup(w.t, '/pdf/generate-preview', query)).statusCode).toBe(200);
    expect(await overdueList()).toEqual([expect.objectContaining({ studentId, ticketHeld: false })]);
    const [entry] = await w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, studentId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.after).toEqual({ ticketAllowedReason: 'Paid in cash at the branch; receipt to follow' });
    const counsellor = await w.t.createStaff({ role: 'counsellor' });
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/hallTicketAllowances',
      headers: counsellor.headers,
      payload: { studentId, reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
