import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, students } from '../../db/schema';
import { examFixtures } from '../../testing/exam-fixtures';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
let admin: { authorization: string };
const day = (n: number) => shiftDate(indianToday(), { days: n });

beforeAll(async () => {
  t = await createTestApp();
  fx = examFixtures(t);
  admin = await t.adminAuth();
  // Hall tickets can be released: the 10th's papers have dates.
  await fx.tenthPapers([301, 302, 303]);
});
afterAll(() => t.close());

const withdraw = (studentId: string, payload: Record<string, unknown> = {}, headers = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/withdrawStudent/${studentId}`,
    headers,
    payload: { reason: 'Fees not paid', withdrawnOn: indianToday(), ...payload },
  });
const reactivate = (studentId: string, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reactivateStudent/${studentId}`, headers });

async function rowOf(studentId: string) {
  const [row] = await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId));
  if (!row) throw new Error(`no student ${studentId}`);
  return row;
}

const listed = async (query: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/counsellor/getRegister?page=1&limit=100&${query}`, headers: admin })
  ).json().data as { studentId: string; status: string }[];

describe('withdrawing a student', () => {
  it('sets them inactive with the reason and date, audited, and makes them active again', async () => {
    const centerId = await fx.centre(1);
    const studentId = await fx.student({ centerId, name: 'Leela Shah' });
    const yesterday = day(-1);
    const done = await withdraw(studentId, {
      reason: 'Other',
      otherReason: 'Family moved abroad',
      withdrawnOn: yesterday,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(messages.studentWithdrawn);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/counsellor/student/${studentId}`, headers: admin })
    ).json().student;
    expect(detail).toMatchObject({
      status: 'inactive',
      withdrawal: { reason: 'Family moved abroad', withdrawnOn: yesterday },
    });
    const again = await withdraw(studentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.studentAlreadyWithdrawn);

    const back = await reactivate(studentId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ message: messages.studentMadeActive, seatNumber: null });
    expect(await rowOf(studentId)).toMatchObject({ status: 'active', withdrawalReason: null, withdrawnOn: null });
    expect((await reactivate(studentId)).statusCode).toBe(409);

    const entries = await t.app.deps.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.studentId, studentId), eq(auditLog.entity, 'student')))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => entry.action !== 'create')).toEqual([
      {
        action: 'withdraw',
        // A field that did not change (no seat before, none after) is left out of the entry.
        before: { status: 'active' },
        after: { status: 'inactive', withdrawalReason: 'Family moved abroad', withdrawnOn: yesterday },
      },
      {
        action: 'reactivate',
        before: { status: 'inactive', withdrawalReason: 'Family moved abroad', withdrawnOn: yesterday },
        after: { status: 'active' },
      },
    ]);
  });

  it('is for admins only; a bad body or an unknown student is a 4xx', async () => {
    const centerId = await fx.centre(2);
    const studentId = await fx.student({ centerId, name: 'Dev Rao' });
    const { headers } = fx.registrar();
    expect((await withdraw(studentId, {}, headers)).statusCode).toBe(403);
    expect((await reactivate(studentId, headers)).statusCode).toBe(403);
    const other = await withdraw(studentId, { reason: 'Other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().issues).toContainEqual({ path: 'otherReason', message: messages.withdrawalOtherRequired });
    expect((await withdraw(studentId, { withdrawnOn: day(1) })).statusCode).toBe(400);
    expect((await withdraw('2699999')).statusCode).toBe(404);
    expect((await reactivate('2699999')).statusCode).toBe(404);
    expect((await rowOf(studentId)).status).toBe('active');
  });

  it('leaves them out of the default list and export, keeps their payments, and refuses a new one', async () => {
    const centerId = await fx.centre(3);
    const studentId = await fx.student({ centerId, name: 'Kabir Sen' });
    const { headers, receiptPhoto } = fx.registrar();
    const before = await rowOf(studentId);
    expect((await withdraw(studentId)).statusCode).toBe(200);

    expect((await listed('')).map((row) => row.studentId)).not.toContain(studentId);
    expect(await listed('includeWithdrawn=true')).toContainEqual(
      expect.objectContaining({ studentId, status: 'inactive' }),
    );
    const unclear = await t.app.inject({
      method: 'GET',
      url: '/api/counsellor/getRegister?includeWithdrawn=maybe',
      headers: admin,
    });
    expect(unclear.statusCode).toBe(400);
    const exported = async (includeWithdrawn: boolean) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/counsellor/getFilteredRegister',
          headers: admin,
          payload: { examCentre: centerId, columns: ['studentId'], includeWithdrawn },
        })
      ).json();
    expect(await exported(false)).toEqual({ data: [] });
    expect((await exported(true)).data).toEqual([{ studentId }]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers,
      payload: { studentId, amountPaid: 500, paymentMode: 'Cash', newDueDate: day(20), receiptPhoto },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.studentWithdrawnNoPayment);

    const after = await rowOf(studentId);
    expect({ paid: after.paidPaise, remaining: after.remainingPaise, total: after.totalPaise }).toEqual({
      paid: before.paidPaise,
      remaining: before.remainingPaise,
      total: before.totalPaise,
    });
    const paid = await t.app.deps.db
      .select({ amount: payments.amountPaise })
      .from(payments)
      .where(eq(payments.studentId, studentId));
    expect(paid).toEqual([{ amount: 100_000 }]);
    const records = (await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers })).json()
      .studentData as { studentId: string; status: string; payments: unknown[] }[];
    expect(records.find((record) => record.studentId === studentId)?.payments).toHaveLength(1);
    // Payment Records shows the student as Withdrawn.
    expect(records.find((record) => record.studentId === studentId)?.status).toBe('inactive');
    expect(records.every((record) => record.status === 'active' || record.status === 'inactive')).toBe(true);
  });

  it('gives up the seat, gets no seat or hall ticket, and is seated again when made active after the release', async () => {
    const centerId = await fx.centre(4);
    const seated = await fx.student({ centerId, name: 'Asha Patil', mother: 'Sunita Patil' });
    const unseated = await fx.student({ centerId, name: 'Bina Patil', mother: 'Sunita Patil' });
    await fx.assignSeats(centerId);
    expect((await rowOf(seated)).seatNumber).not.toBeNull();
    expect((await withdraw(seated)).statusCode).toBe(200);
    expect((await rowOf(seated)).seatNumber).toBeNull();
    const other = await fx.student({ centerId, name: 'Chitra Patil' });
    expect((await withdraw(other)).statusCode).toBe(200);
    // Assigning the centre and renumbering the year pass over withdrawn students.
    expect((await fx.assignSeats(centerId)).assigned).toBe(0);
    expect((await rowOf(unseated)).seatNumber).not.toBeNull();

    await fx.released('HALLTICKET', async () => {
      expect((await rowOf(other)).seatNumber).toBeNull();
      const ticket = await fx.lookup('/pdf/generate-preview', {
        studentName: 'Asha Patil',
        studentId: seated,
        motherName: 'Sunita Patil',
      });
      expect(ticket.statusCode).toBe(409);
      expect(ticket.json().message).toBe(messages.studentWithdrawnNoTicket);

      const result = await fx.released('RESULT', () =>
        fx.lookup('/result/fetch', { studentName: 'Asha Patil', studentId: seated, motherName: 'Sunita Patil' }),
      );
      expect(result.statusCode).toBe(409);
      expect(result.json().message).toBe(messages.studentWithdrawnNoResult);

      const back = await reactivate(seated);
      expect(back.statusCode).toBe(200);
      const { seatNumber } = back.json();
      expect(seatNumber).toMatch(/^S\d{2}-\d{5}$/);
      expect((await rowOf(seated)).seatNumber).toBe(seatNumber);
      const printed = await fx.lookup('/pdf/generate-preview', {
        studentName: 'Asha Patil',
        studentId: seated,
        motherName: 'Sunita Patil',
      });
      expect(printed.statusCode).toBe(200);
    });
  });

  it('is no longer overdue: the list and the figure leave a withdrawn student out', async () => {
    const centerId = await fx.centre(6);
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const { studentId } = await insertTestStudent(t.app.deps.database, {
      createdBy: counsellor.uuid,
      examCentreId: centerId,
      dueDate: '2020-01-01',
    });
    const overdue = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/overdue', headers: counsellor.headers })).json()
        .data as { studentId: string }[];
    const figures = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/home/figures', headers: counsellor.headers })).json();
    expect((await overdue()).map((row) => row.studentId)).toEqual([studentId]);
    const before = await figures();
    expect(before.overdueStudents).toBe(1);
    expect((await withdraw(studentId)).statusCode).toBe(200);
    expect(await overdue()).toEqual([]);
    // Their money stays counted (paid and outstanding are history); only the chase stops.
    expect(await figures()).toEqual({ ...before, overdueStudents: 0 });
  });

  it('withdrawn at the same time as hall tickets are released: no inactive student holds a seat', async () => {
    const centerId = await fx.centre(5);
    const ids: string[] = [];
    for (const name of ['Esha One', 'Esha Two', 'Esha Three', 'Esha Four', 'Esha Five', 'Esha Six']) {
      ids.push(await fx.student({ centerId, name }));
    }
    try {
      const answers = await Promise.all([
        fx.flag('HALLTICKET', true).then(() => 200),
        ...ids.map(async (id) => (await withdraw(id)).statusCode),
      ]);
      expect(answers).toEqual(answers.map(() => 200));
    } finally {
      await fx.flag('HALLTICKET', false);
    }
    const seatedInactive = await t.app.deps.db
      .select({ id: students.studentId })
      .from(students)
      .where(and(eq(students.status, 'inactive'), isNotNull(students.seatNumber)));
    expect(seatedInactive).toEqual([]);
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'inactive', seatNumber: null });
  });
});
