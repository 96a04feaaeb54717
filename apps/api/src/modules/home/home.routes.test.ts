import { Readable } from 'node:stream';
import type { VerifyStatus } from '@app/domain/collections.schemas';
import { visitingReasons } from '@app/domain/visiting.schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, settlements } from '../../db/schema';
import { addCentres } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getAdminCharts, getAdminFigures, getCounsellorFigures } from './home.service';

let t: TestApp;
let admin: { authorization: string };
let asha: Awaited<ReturnType<TestApp['createStaff']>>;
let bhim: Awaited<ReturnType<TestApp['createStaff']>>;
const ids: Record<string, string> = {};
let receipt = 0;

const ist = (local: string) => new Date(`${local}+05:30`);
/** The seeded set is read as of 15 March 2026, noon in India. */
const NOW = ist('2026-03-15T12:00:00');

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  admin = await t.adminAuth();
  await addCentres(t, [
    { centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 500 },
    { centerId: 2, centerName: 'Nashik', collegeName: 'HPT College', capicity: 300 },
  ]);
  // Both at 10 % commission (createStaff's default).
  asha = await t.createStaff({ role: 'counsellor', name: 'Asha More' });
  bhim = await t.createStaff({ role: 'counsellor', name: 'Bhim Rao' });
  const add = async (
    key: string,
    by: string,
    values: Partial<Parameters<typeof insertTestStudent>[1]>,
    paid: number[],
  ) => {
    const row = await insertTestStudent(t.app.deps.database, { createdBy: by, examCentreId: 1, ...values });
    ids[key] = row.studentId;
    for (const amountPaise of paid) {
      receipt += 1;
      await t.app.deps.db.insert(payments).values({
        studentId: row.studentId,
        amountPaise,
        paymentMode: 'Cash',
        systemReceiptNo: `T/${receipt}`,
        receiptPhoto: 'c'.repeat(64),
        createdBy: by,
      });
    }
  };
  // Hand-computed below: paid 2,000 + 5,850 + 1,000 + 0; remaining 3,850 + 0 + 6,900 + 7,900.
  await add(
    'today',
    asha.uuid,
    { createdAt: ist('2026-03-15T09:00:00'), paidPaise: 200_000, dueDate: '2026-03-10' },
    [200_000],
  );
  await add(
    'firstOfMonth',
    asha.uuid,
    { createdAt: ist('2026-03-01T00:00:00'), paidPaise: 585_000 },
    [85_000, 500_000],
  );
  await add(
    'lastMonth',
    bhim.uuid,
    {
      createdAt: ist('2026-02-28T23:59:00'),
      standard: '12th',
      totalPaise: 790_000,
      paidPaise: 100_000,
      dueDate: '2026-03-20',
    },
    [100_000],
  );
  await add(
    'yesterday',
    bhim.uuid,
    {
      createdAt: ist('2026-03-14T10:00:00'),
      standard: '12th',
      totalPaise: 790_000,
      paidPaise: 0,
      dueDate: '2026-03-14',
    },
    [],
  );
  const settle = (counsellorId: string, amountPaise: number, verifyStatus: VerifyStatus) =>
    t.app.deps.db.insert(settlements).values({
      counsellorId,
      amountPaise,
      paymentDate: '2026-03-10',
      remark: 'Company account',
      proofPhoto: 'd'.repeat(64),
      verifyStatus,
    });
  await settle(asha.uuid, 100_000, 'verified');
  await settle(asha.uuid, 50_000, 'pending');
  await settle(bhim.uuid, 20_000, 'rejected');
});
afterAll(() => t.close());

describe('Home figures against totals computed by hand', () => {
  it("admin figures: today's and this month's registrations, money, cash in hand, settlements, overdue", async () => {
    expect(await getAdminFigures(t.app.deps.db, NOW)).toEqual({
      registrationsToday: 1,
      registrationsThisMonth: 3, // 1 March 00:00 India counts; 28 February 23:59 does not
      collected: 8850,
      outstanding: 18650,
      // Asha: 7,850 taken − 10 % = 7,065, less 1,000 verified (the pending 500 still in hand) = 6,065.
      // Bhim: 1,000 − 10 % = 900 (the rejected settlement does not count). Together 6,965.
      cashInHand: 6965,
      settlementsPending: 1,
      overdueStudents: 2, // due 10 and 14 March; 20 March is not yet due
    });
  });

  it('admin charts: 60 Indian days, centres against capacity, money per counsellor', async () => {
    const charts = await getAdminCharts(t.app.deps.db, NOW);
    expect(charts.perDay).toHaveLength(60);
    expect(charts.perDay.at(-1)).toEqual({ date: '2026-03-15', count: 1 });
    expect(charts.perDay[0]?.date).toBe('2026-01-15');
    const counts = Object.fromEntries(charts.perDay.filter((d) => d.count).map((d) => [d.date, d.count]));
    expect(counts).toEqual({ '2026-02-28': 1, '2026-03-01': 1, '2026-03-14': 1, '2026-03-15': 1 });
    expect(charts.perCentre).toEqual([
      { centerId: 1, centerName: 'Pune', registered: 4, capacity: 500 },
      { centerId: 2, centerName: 'Nashik', registered: 0, capacity: 300 },
    ]);
    expect(charts.perCounsellor).toEqual([
      { uuid: asha.uuid, name: 'Asha More', collected: 7850, outstanding: 3850 },
      { uuid: bhim.uuid, name: 'Bhim Rao', collected: 1000, outstanding: 14800 },
    ]);
  });

  it("a counsellor's own figures", async () => {
    const figures = await getCounsellorFigures(t.app.deps.db, {
      by: { uuid: bhim.uuid },
      now: NOW,
    });
    expect(figures).toEqual({
      registrations: 2,
      collected: 1000,
      outstanding: 14800,
      cashInHand: 900,
      overdueStudents: 1,
      enquiriesThisWeek: 0,
    });
  });
});

describe('Home routes', () => {
  it("the Home routes read the app's clock, not the machine's", async () => {
    const figures = await t.app.inject({ method: 'GET', url: '/api/admin/home/figures', headers: admin });
    expect(figures.json()).toEqual(await getAdminFigures(t.app.deps.db, NOW));
    expect(figures.json()).toMatchObject({ registrationsToday: 1, registrationsThisMonth: 3, overdueStudents: 2 });
    const charts = await t.app.inject({ method: 'GET', url: '/api/admin/home/charts', headers: admin });
    expect(charts.json().perDay.at(-1)).toEqual({ date: '2026-03-15', count: 1 });
    const own = await t.app.inject({ method: 'GET', url: '/api/counsellor/home/figures', headers: bhim.headers });
    expect(own.json()).toMatchObject({ registrations: 2, cashInHand: 900, overdueStudents: 1 });
  });

  it('answer the figures by role, and count enquiries of the last 7 days', async () => {
    const admin200 = await t.app.inject({ method: 'GET', url: '/api/admin/home/figures', headers: admin });
    expect(admin200.statusCode).toBe(200);
    expect(admin200.json()).toMatchObject({ collected: 8850, outstanding: 18650, settlementsPending: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home/charts', headers: admin })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/home/figures', headers: asha.headers })).statusCode,
    ).toBe(403);
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/visiting',
      headers: asha.headers,
      payload: {
        studentName: 'Kiran Jadhav',
        gender: 'Male',
        dob: '2011-06-14',
        address: 'Pune',
        pincode: '411005',
        standard: '10th',
        branch: 'English',
        schoolCollege: 'New English School',
        previousYearPercent: 70,
        email: 'kiran@example.com',
        studentNo: '9123456780',
        parentsNo: '9822098220',
        notificationNo: '9123456780',
        demoGiven: 'NO',
        reason: visitingReasons[0],
      },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const own = await t.app.inject({ method: 'GET', url: '/api/counsellor/home/figures', headers: asha.headers });
    expect(own.json()).toMatchObject({ registrations: 2, collected: 7850, enquiriesThisWeek: 1 });
  });

  it('the overdue list: everyone, one counsellor, or a counsellor their own; and as Excel', async () => {
    // On the app's 15 March: due 10 and 14 March are overdue, 20 March not yet.
    const get = async (url: string, headers = admin) =>
      (await t.app.inject({ method: 'GET', url, headers })).json().data as { studentId: string; daysOverdue: number }[];
    const all = await get('/api/counsellor/overdue');
    const expected = ['today', 'yesterday'];
    expect(all.map((row) => row.studentId).sort()).toEqual(expected.map((key) => ids[key]).sort());
    expect(all[0]?.studentId).toBe(ids.today); // the longest overdue first
    expect(all[0]?.daysOverdue).toBeGreaterThan(0);
    // A page at a time, with how many there are in all.
    const second = (
      await t.app.inject({ method: 'GET', url: '/api/counsellor/overdue?page=2&limit=1', headers: admin })
    ).json();
    expect(second).toMatchObject({ totalCount: expected.length, totalPages: expected.length });
    expect(second.data.map((row: { studentId: string }) => row.studentId)).toEqual([all[1]?.studentId]);
    expect((await get(`/api/counsellor/overdue?counsellor=${asha.uuid}`)).map((r) => r.studentId)).toEqual([ids.today]);
    expect(
      (await get(`/api/counsellor/overdue?counsellor=${asha.uuid}`, bhim.headers)).map((r) => r.studentId).sort(),
    ).toEqual([ids.yesterday]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/overdue?counsellor=x', headers: admin })).statusCode,
    ).toBe(400);
    const file = await t.app.inject({ method: 'GET', url: '/api/counsellor/overdue?format=xlsx', headers: admin });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const sheet = workbook.getWorksheet('Overdue');
    expect(sheet?.rowCount).toBe(expected.length + 1);
  });
});
