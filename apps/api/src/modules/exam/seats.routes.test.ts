import { currentExamYear, formatSeatNumber } from '@app/domain/exam.rules';
import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { examFixtures } from '../../testing/exam-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = examFixtures(t);
});
afterAll(() => t.close());

const year = currentExamYear();
const seat = (serial: number) => formatSeatNumber(year, serial);

async function seatsOf(centerId: number): Promise<Record<string, string | null>> {
  const rows = await t.app.db.db
    .select({ name: students.studentName, seat: students.seatNumber })
    .from(students)
    .where(eq(students.examCentreId, centerId));
  return Object.fromEntries(rows.map((row) => [row.name, row.seat]));
}

const renumber = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/seatNumbers/renumber', headers: await t.adminAuth(), payload });

// One test walks the year's numbering from the start, so the serials are known; it runs first in this file.
describe('seat numbers', () => {
  it('assigns by standard then name, continues after the last number, and leaves other years alone', async () => {
    const a = await fx.centre(11);
    const b = await fx.centre(12);
    await fx.student({ centerId: a, name: 'Meera Joshi' });
    await fx.student({ centerId: a, name: 'arjun Rao' });
    await fx.student({ centerId: a, name: 'Zoya Khan', standard: '12th' });
    await fx.student({ centerId: a, name: 'Next Year', standard: '9th+10th' });
    await fx.student({ centerId: b, name: 'Bina Shah' });

    const first = await fx.assignSeats(a);
    expect(first).toMatchObject({ assigned: 3, first: seat(1), last: seat(3) });
    expect(await seatsOf(a)).toEqual({
      'arjun Rao': seat(1),
      'Meera Joshi': seat(2),
      'Zoya Khan': seat(3),
      'Next Year': null,
    });
    // Another centre continues the year's numbering; a late registration at the first centre continues too.
    expect(await fx.assignSeats(b)).toMatchObject({ assigned: 1, first: seat(4) });
    await fx.student({ centerId: a, name: 'Late Comer' });
    expect(await fx.assignSeats(a)).toMatchObject({ assigned: 1, first: seat(5), last: seat(5) });
    // Nothing left to assign: nothing changes.
    expect(await fx.assignSeats(a)).toMatchObject({ assigned: 0, first: null });

    const entries = await t.app.db.db.select().from(auditLog).where(eq(auditLog.entity, 'student'));
    expect(entries.filter((entry) => (entry.after as { seatNumber?: string } | null)?.seatNumber)).toHaveLength(5);
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
    const rows = await t.app.db.db
      .select({ seat: students.seatSerial })
      .from(students)
      .where(eq(students.examYear, year));
    const serials = rows.map((row) => row.seat).filter((serial) => serial !== null);
    expect(new Set(serials).size).toBe(serials.length);
    // Gap-free: the year's serials are 1..n.
    expect(Math.max(...(serials as number[]))).toBe(serials.length);
  });

  it('the database refuses a duplicate seat number in a year', async () => {
    const centerId = await fx.centre(31);
    const [x, y] = [await fx.student({ centerId, name: 'Dup One' }), await fx.student({ centerId, name: 'Dup Two' })];
    await t.app.db.db
      .update(students)
      .set({ seatNumber: 'S00-99990', seatSerial: 99_990 })
      .where(eq(students.studentId, x));
    await expect(
      t.app.db.db
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
      await t.app.db.db.select({ s: students.seatSerial }).from(students).where(eq(students.examYear, year))
    )
      .map((row) => row.s)
      .sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(serials).toEqual(serials.map((_, index) => index + 1));

    await fx.flag('HALLTICKET', true);
    try {
      const refused = await renumber({ confirm: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.renumberAfterRelease);
      // Adding seats is still allowed after release.
      const centerId = await fx.centre(41);
      await fx.student({ centerId, name: 'After Release' });
      expect((await fx.assignSeats(centerId)).assigned).toBe(1);
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
