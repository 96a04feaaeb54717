import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { formatSeatNumber } from '@app/domain/exam.rules';
import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { examFixtures } from '../../testing/exam-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  fx = examFixtures(t);
});
afterAll(() => t.close());

// The first session opens on this day of 2026: its exam year is 2026 (SPEC §9), whatever today is.
const now = new Date('2026-11-24T06:00:00Z');
const year = 2026;
const seat = (serial: number) => formatSeatNumber(year, serial);

async function seatsOf(centerId: number): Promise<Record<string, string | null>> {
  const rows = await t.app.deps.db
    .select({ name: students.studentName, seat: students.seatNumber })
    .from(students)
    .where(eq(students.examCentreId, centerId));
  return Object.fromEntries(rows.map((row) => [row.name, row.seat]));
}

const renumber = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/seatNumbers/renumber', headers: await t.adminAuth(), payload });

describe('seat numbers', () => {
  it('assigns by standard then name, continues after the last number, and leaves other years alone', async () => {
    const a = await fx.centre(11);
    const b = await fx.centre(12);
    const ids = [
      await fx.student({ centerId: a, name: 'Meera Joshi' }),
      await fx.student({ centerId: a, name: 'arjun Rao' }),
      await fx.student({ centerId: a, name: 'Zoya Khan', standard: '12th' }),
      await fx.student({ centerId: a, name: 'Next Year', standard: '9th+10th' }),
      await fx.student({ centerId: b, name: 'Bina Shah' }),
    ];

    const first = await fx.assignSeats(a);
    // Other tests of this file seat students too: the numbers here follow whatever the year had.
    const before = Number(/\d+$/.exec(first.first)?.[0]) - 1;
    const at = (n: number) => seat(before + n);
    expect(first).toMatchObject({ assigned: 3, first: at(1), last: at(3) });
    expect(await seatsOf(a)).toEqual({
      'arjun Rao': at(1),
      'Meera Joshi': at(2),
      'Zoya Khan': at(3),
      'Next Year': null,
    });
    // Another centre continues the year's numbering; a late registration at the first centre continues too.
    expect(await fx.assignSeats(b)).toMatchObject({ assigned: 1, first: at(4) });
    ids.push(await fx.student({ centerId: a, name: 'Late Comer' }));
    expect(await fx.assignSeats(a)).toMatchObject({ assigned: 1, first: at(5), last: at(5) });
    // Nothing left to assign: nothing changes.
    expect(await fx.assignSeats(a)).toMatchObject({ assigned: 0, first: null });

    const entries = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'student'));
    const seated = entries.filter(
      (entry) => ids.includes(entry.entityId) && (entry.after as { seatNumber?: string } | null)?.seatNumber,
    );
    expect(seated).toHaveLength(5);
  });

  it('concurrent assignments of several centres never share a number', async () => {
    const centres = [21, 22, 23, 24];
    for (const centerId of centres) {
      await fx.centre(centerId);
      for (const name of ['Asha', 'Bela', 'Chitra']) await fx.student({ centerId, name: `${name} ${centerId}` });
    }
    const answers = await Promise.all(
      [...centres, ...centres].map(async (centerId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/seatNumbers/assign',
          headers: await t.adminAuth(),
          payload: { centerId },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.reduce((sum, answer) => sum + answer.json().assigned, 0)).toBe(12);
    // This test's twelve students: other tests of the file seat students of their own.
    const rows = await t.app.deps.db
      .select({ seat: students.seatSerial, centre: students.examCentreId })
      .from(students)
      .where(eq(students.examYear, year));
    const serials = rows.flatMap((row) => (centres.includes(row.centre) && row.seat !== null ? [row.seat] : []));
    expect(serials).toHaveLength(12);
    expect(new Set(serials).size).toBe(12);
    // Gap-free: twelve numbers in a row.
    expect(Math.max(...serials) - Math.min(...serials)).toBe(11);
  });

  it('the database refuses a duplicate seat number in a year', async () => {
    const centerId = await fx.centre(31);
    const [x, y] = [await fx.student({ centerId, name: 'Dup One' }), await fx.student({ centerId, name: 'Dup Two' })];
    await t.app.deps.db
      .update(students)
      .set({ seatNumber: 'S00-99990', seatSerial: 99_990 })
      .where(eq(students.studentId, x));
    await expect(
      t.app.deps.db
        .update(students)
        .set({ seatNumber: 'S00-99991', seatSerial: 99_990 })
        .where(eq(students.studentId, y)),
    ).rejects.toThrow();
  });

  it('renumbers the whole year only with confirmation and only before hall tickets are released', async () => {
    expect((await renumber({})).statusCode).toBe(400);
    expect((await renumber({ confirm: 'yes' })).statusCode).toBe(400);
    const centerId = await fx.centre(1);
    await fx.student({ centerId, name: 'Zara First' });
    await fx.student({ centerId, name: 'Anil First', standard: '12th' });
    const done = await renumber({ confirm: true });
    expect(done.statusCode).toBe(200);
    // Centre 1 comes first, by standard then name; the year's serials are 1..n again.
    expect(await seatsOf(1)).toEqual({ 'Zara First': seat(1), 'Anil First': seat(2) });
    const serials = (
      await t.app.deps.db.select({ s: students.seatSerial }).from(students).where(eq(students.examYear, year))
    )
      .map((row) => row.s)
      .sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(serials).toEqual(serials.map((_, index) => index + 1));

    // Hall tickets go out once both paper sets have their timetable.
    await fx.paper(601, { name: 'English', date: shiftDate(indianToday(), { days: 40 }) });
    await fx.paper(602, { name: 'Physics', set: '12th', date: shiftDate(indianToday(), { days: 40 }) });
    await fx.flag('HALLTICKET', true);
    try {
      const refused = await renumber({ confirm: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.renumberAfterRelease);
      // Registered after the release: seated at registration, with the year's next number.
      const centerId = await fx.centre(41);
      await fx.student({ centerId, name: 'After Release' });
      expect(await seatsOf(centerId)).toEqual({ 'After Release': seat(serials.length + 1) });
      expect((await fx.assignSeats(centerId)).assigned).toBe(0);
    } finally {
      await fx.flag('HALLTICKET', false);
    }
  });

  it('is for admins only, and answers 404 for an unknown centre', async () => {
    const teacher = await t.createStaff({ role: 'teacher' });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seatNumbers/assign',
      headers: teacher.headers,
      payload: { centerId: 11 },
    });
    expect(denied.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seatNumbers/assign',
      headers: await t.adminAuth(),
      payload: { centerId: 999 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
