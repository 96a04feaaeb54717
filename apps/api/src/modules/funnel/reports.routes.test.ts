import { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import { funnelStatusOf } from '@app/domain/visiting.schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryFollowUps, payments, settlements, students, visitingRecords } from '../../db/schema';
import { addCentres } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
const ist = (local: string) => new Date(`${local}+05:30`);
/** Read as of 2 April 2026, noon in India; the period is March 2026. */
const NOW = ist('2026-04-02T12:00:00');
const FROM = '2026-03-01';
const TO = '2026-03-31';

let t: TestApp;
let admin: { authorization: string };
let asha: Staff;
let bala: Staff;
let chitra: Staff;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  asha = await t.createStaff({ role: 'counsellor', name: 'Asha More', branch: 'Pune' });
  bala = await t.createStaff({ role: 'counsellor', name: 'Bala Kale', branch: 'Pune' });
  chitra = await t.createStaff({ role: 'counsellor', name: 'Chitra Naik', branch: 'Nashik' });
  const db = t.app.deps.db;
  let phone = 9_600_000_000;
  const enquiry = async (by: Staff, values: Partial<typeof visitingRecords.$inferInsert>) => {
    phone += 1;
    const [row] = await db
      .insert(visitingRecords)
      .values({
        studentName: `Enquiry ${phone}`,
        parentsNo: String(phone),
        standard: '10th',
        source: 'website',
        city: 'Pune',
        assignedTo: by.uuid,
        // A visiting form's fields (every source but the website has them: CHECK visiting_form_whole).
        ...(values.source && values.source !== 'website'
          ? {
              gender: 'Female' as const,
              dob: '2011-01-01',
              address: 'Pune',
              pincode: '411001',
              previousYear: '9th',
              branch: 'English',
              schoolCollege: 'New English School',
              previousYearPercentBp: 8000,
              email: 'e@example.com',
              studentNo: String(phone),
              notificationNo: String(phone),
              demoGiven: 'NO' as const,
              reason: 'Other',
              motherName: 'not require',
              createdBy: by.uuid,
              counsellor: 'Counsellor',
              counsellorBranch: 'Pune',
            }
          : {}),
        ...values,
      })
      .returning();
    if (!row) throw new Error('no enquiry');
    return row;
  };
  let receipt = 0;
  const student = async (by: Staff, createdAt: Date, paid: { at: Date; paise: number }[], totalPaise = 585_000) => {
    const row = await insertTestStudent(t.app.deps.database, {
      createdBy: by.uuid,
      examCentreId: 1,
      createdAt,
      totalPaise,
      paidPaise: paid.reduce((sum, p) => sum + p.paise, 0),
    });
    for (const p of paid) {
      receipt += 1;
      await db.insert(payments).values({
        studentId: row.studentId,
        amountPaise: p.paise,
        paymentMode: 'Cash',
        systemReceiptNo: `R/${receipt}`,
        receiptPhoto: 'c'.repeat(64),
        createdBy: by.uuid,
        createdAt: p.at,
      });
    }
    return row;
  };
  // Asha: enquiries at both edges of March, from several sources; one converted, one lost.
  const s1 = await student(asha, ist('2026-03-10T10:00:00'), [
    { at: ist('2026-03-10T10:00:00'), paise: 200_000 },
    { at: ist('2026-04-01T00:00:00'), paise: 100_000 },
  ]);
  await student(asha, ist('2026-02-28T23:59:59'), [{ at: ist('2026-02-28T23:59:59'), paise: 300_000 }]);
  await enquiry(asha, { createdAt: ist('2026-03-01T00:00:00'), convertedStudentId: s1.studentId });
  await enquiry(asha, { createdAt: ist('2026-02-28T23:59:59') });
  const lost = await enquiry(asha, {
    createdAt: ist('2026-03-31T23:59:59'),
    source: 'seminar',
    closedAt: ist('2026-03-31T23:59:59'),
    closedReason: 'Not interested',
    closedBy: asha.uuid,
  });
  await enquiry(asha, { createdAt: ist('2026-04-01T00:00:00') });
  const due = await enquiry(asha, {
    createdAt: ist('2026-03-15T09:00:00'),
    stage: 'contacted',
    nextFollowUpOn: '2026-04-01',
  });
  await enquiry(asha, { createdAt: ist('2026-03-16T09:00:00'), stage: 'interested', nextFollowUpOn: '2026-04-02' });
  for (const [enquiryId, doneOn] of [
    [due.id, '2026-03-01'],
    [due.id, '2026-03-31'],
    [lost.id, '2026-02-28'],
    [due.id, '2026-04-01'],
  ] as const) {
    await db
      .insert(enquiryFollowUps)
      .values({ enquiryId, kind: 'call', doneOn, outcome: 'Spoke to parent', by: asha.uuid });
  }
  // Bala: a walk-in-like referral and a student paid in March; settlements verified, pending, and out of the period.
  await enquiry(bala, { createdAt: ist('2026-03-20T12:00:00'), source: 'referral', nextFollowUpOn: '2026-03-30' });
  await student(bala, ist('2026-03-05T12:00:00'), [{ at: ist('2026-03-05T12:00:00'), paise: 585_000 }]);
  for (const [paymentDate, amountPaise, verifyStatus] of [
    ['2026-03-10', 100_000, 'verified'],
    ['2026-03-12', 50_000, 'pending'],
    ['2026-02-10', 20_000, 'verified'],
    ['2026-04-01', 30_000, 'verified'],
  ] as const) {
    await db.insert(settlements).values({
      counsellorId: bala.uuid,
      amountPaise,
      paymentDate,
      verifyStatus,
      remark: 'Company account',
      proofPhoto: 'd'.repeat(64),
    });
  }
  // Chitra (Nashik): an enquiry only.
  await enquiry(chitra, { createdAt: ist('2026-03-02T12:00:00'), source: 'school visit', city: 'Nashik' });
});
afterAll(() => t.close());

type Report = {
  counsellor: string;
  enquiries: number;
  bySource: Record<string, number>;
  byStatus: Record<string, number>;
  followUpsDone: number;
  followUpsOverdue: number;
  registrations: number;
  conversionRate: number;
  feesCollected: number;
  duesOutstanding: number;
  cashSettled: number;
  cashInHand: number;
};

/** The figures computed again from every row, in JavaScript, with the period's Indian dates. */
async function expectedFor(uuid: string): Promise<Omit<Report, 'counsellor'>> {
  const db = t.app.deps.db;
  const day = (at: Date) => indianToday(at);
  const inPeriod = (d: string) => d >= FROM && d <= TO;
  const enquiries = (await db.select().from(visitingRecords)).filter(
    (e) => e.assignedTo === uuid && inPeriod(day(e.createdAt)),
  );
  const count = (keys: string[]) => {
    const counts: Record<string, number> = {};
    for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  };
  const byStatus = count(enquiries.map((e) => funnelStatusOf(e)));
  const allEnquiries = (await db.select().from(visitingRecords)).filter((e) => e.assignedTo === uuid);
  const followUps = (await db.select().from(enquiryFollowUps)).filter((f) => f.by === uuid && inPeriod(f.doneOn));
  const mine = (await db.select().from(students)).filter((s) => s.createdBy === uuid);
  const paid = (await db.select().from(payments)).filter((p) => p.createdBy === uuid);
  const settled = (await db.select().from(settlements)).filter(
    (s) => s.counsellorId === uuid && s.verifyStatus === 'verified',
  );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    enquiries: enquiries.length,
    bySource: count(enquiries.map((e) => e.source)),
    byStatus,
    followUpsDone: followUps.length,
    followUpsOverdue: allEnquiries.filter(
      (e) => !e.closedAt && !e.convertedStudentId && e.nextFollowUpOn !== null && e.nextFollowUpOn < indianToday(NOW),
    ).length,
    registrations: mine.filter((s) => inPeriod(day(s.createdAt))).length,
    conversionRate:
      enquiries.length === 0 ? 0 : Math.round(((byStatus.registered ?? 0) / enquiries.length) * 1000) / 10,
    feesCollected: sum(paid.filter((p) => inPeriod(day(p.createdAt))).map((p) => p.amountPaise)),
    duesOutstanding: sum(mine.filter((s) => s.status === 'active').map((s) => s.remainingPaise)),
    cashSettled: sum(settled.filter((s) => inPeriod(s.paymentDate)).map((s) => s.amountPaise)),
    cashInHand:
      sum(paid.filter((p) => day(p.createdAt) <= TO).map((p) => p.amountPaise)) -
      sum(settled.filter((s) => s.paymentDate <= TO).map((s) => s.amountPaise)),
  };
}

const report = async (headers: { authorization: string }, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/counsellor/reports/funnel?from=${FROM}&to=${TO}${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: Report[]; total: Report };
};

describe('GET /api/counsellor/reports/funnel', () => {
  it('agrees with the rows for every counsellor, and the total with the sum of the rows', async () => {
    const { rows, total } = await report(admin);
    expect(rows.map((r) => r.counsellor).sort()).toEqual([asha.uuid, bala.uuid, chitra.uuid].sort());
    for (const row of rows) expect(row, row.counsellor).toMatchObject(await expectedFor(row.counsellor));
    // Hand-checked beside the recomputation: Asha's March has 4 enquiries, 1 registered, 1 lost.
    const ashaRow = rows.find((r) => r.counsellor === asha.uuid);
    expect(ashaRow).toMatchObject({ enquiries: 4, byStatus: { registered: 1, lost: 1, contacted: 1, interested: 1 } });
    expect(ashaRow?.followUpsDone).toBe(2);
    expect(ashaRow?.conversionRate).toBe(25);
    expect(ashaRow?.followUpsOverdue).toBe(1);
    const balaRow = rows.find((r) => r.counsellor === bala.uuid);
    expect(balaRow).toMatchObject({ cashSettled: 100_000, cashInHand: 585_000 - 120_000, feesCollected: 585_000 });
    for (const key of ['enquiries', 'followUpsDone', 'registrations', 'feesCollected', 'cashInHand'] as const) {
      expect(total[key]).toBe(rows.reduce((sum, r) => sum + r[key], 0));
    }
  });

  it('shows a counsellor only their own row, whatever they ask; an admin filters by branch', async () => {
    const own = await report(asha.headers, `&counsellor=${bala.uuid}&branch=Nashik`);
    expect(own.rows.map((r) => r.counsellor)).toEqual([asha.uuid]);
    expect(own.total.enquiries).toBe(own.rows[0]?.enquiries);
    const pune = await report(admin, '&branch=pune');
    expect(pune.rows.map((r) => r.counsellor).sort()).toEqual([asha.uuid, bala.uuid].sort());
    const one = await report(admin, `&counsellor=${chitra.uuid}`);
    expect(one.rows.map((r) => r.counsellor)).toEqual([chitra.uuid]);
  });

  it('downloads the same figures as Excel, and refuses a period that ends before it starts', async () => {
    const json = await report(admin);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/reports/funnel?from=${FROM}&to=${TO}&format=xlsx`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const sheet = workbook.getWorksheet('Report');
    expect(sheet?.rowCount).toBe(json.rows.length + 2);
    const enquiries: number[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) enquiries.push(Number(row.getCell(3).value));
    });
    expect(enquiries).toEqual([...json.rows.map((r) => r.enquiries), json.total.enquiries]);
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/counsellor/reports/funnel?from=2026-03-31&to=2026-03-01',
      headers: admin,
    });
    expect(backwards.statusCode).toBe(400);
  });
});
