import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examSessions, payments, retentionRuns, students, visitingRecords } from '../../db/schema';
import { addCentres, enquiryForm } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { msUntilNightlyRun, shiftMonths } from './retention.service';

const now = new Date('2026-11-24T06:00:00Z');
let t: TestApp;
let admin: { authorization: string };
let counsellor: { headers: { authorization: string }; uuid: string };

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
});
afterAll(() => t.close());

let phone = 9_712_300_000;
async function enquiryAt(at: Date, name: string) {
  phone += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/counsellor/visiting',
    headers: counsellor.headers,
    payload: enquiryForm({
      studentName: name,
      studentNo: String(phone),
      notificationNo: String(phone),
      reason: `Notes on ${name}`,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const id: number = response.json().data.id;
  await t.app.deps.db.update(visitingRecords).set({ createdAt: at }).where(eq(visitingRecords.id, id));
  return id;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

describe('retention rules', () => {
  it('have safe defaults an admin can change, never under 8 years of accounts', async () => {
    expect((await get('/api/admin/privacy/settings')).json()).toEqual({
      requestDays: 90,
      enquiryMonths: 12,
      photoMonths: 6,
      financialYears: 8,
    });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/privacy/settings', headers: admin, payload });
    expect((await put({ requestDays: 30, enquiryMonths: 12, photoMonths: 6, financialYears: 7 })).statusCode).toBe(400);
    expect((await put({ requestDays: 91, enquiryMonths: 12, photoMonths: 6, financialYears: 8 })).statusCode).toBe(400);
    expect((await put({ requestDays: 30, enquiryMonths: 12, photoMonths: 6, financialYears: 8 })).statusCode).toBe(200);
    expect((await get('/api/admin/privacy/settings')).json().requestDays).toBe(30);
    expect((await put({ requestDays: 90, enquiryMonths: 12, photoMonths: 6, financialYears: 8 })).statusCode).toBe(200);
  });

  it('a dry run says exactly what the real run then does, across midnight in India', async () => {
    // Twelve months before 24 November 2026 is 24 November 2025; its midnight in India is 23 Nov 18:30 UTC.
    const stale = await enquiryAt(new Date('2025-11-23T18:29:59Z'), 'Old Enquiry');
    const fresh = await enquiryAt(new Date('2025-11-23T18:30:00Z'), 'Recent Enquiry');
    // A closed session of 2024 that ended on 31 March 2025; the open one is this year's.
    await t.app.deps.db.insert(examSessions).values({
      name: 'Season 2024',
      examYear: 2024,
      twoYearExamYear: 2025,
      startsOn: '2023-06-01',
      endsOn: '2025-03-31',
    });
    const photo = await t.uploadPhoto(counsellor.headers, { r: 250, g: 10, b: 10 });
    const hash = photo.slice('/api/files/'.length, -'.jpg'.length);
    const old = await insertTestStudent(t.app.deps.database, {
      createdBy: counsellor.uuid,
      examCentreId: 1,
      studentPhoto: hash,
    });
    await t.app.deps.db.update(students).set({ examYear: 2024 }).where(eq(students.studentId, old.studentId));
    const current = await insertTestStudent(t.app.deps.database, { createdBy: counsellor.uuid, examCentreId: 1 });

    const dry = (await get('/api/admin/retention/preview')).json();
    expect(dry.isDryRun).toBe(true);
    expect(dry.enquiriesAnonymised).toContain(stale);
    expect(dry.enquiriesAnonymised).not.toContain(fresh);
    expect(dry.photosDeleted).toEqual([{ studentId: old.studentId, examYear: 2024 }]);
    // The dry run changed nothing.
    const [stillThere] = await t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.id, stale));
    expect(stillThere?.studentName).toBe('Old Enquiry');
    expect(await t.app.deps.files.has(hash)).toBe(true);

    const runsBefore = (await t.app.deps.db.select().from(retentionRuns)).length;
    const real = (await t.app.inject({ method: 'POST', url: '/api/admin/retention/run', headers: admin })).json();
    expect({ ...real, isDryRun: true }).toEqual(dry);

    const rows = await t.app.deps.db
      .select()
      .from(visitingRecords)
      .where(inArray(visitingRecords.id, [stale, fresh]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stale)).toMatchObject({ studentName: 'Erased', reason: 'Erased', parentsNo: '0000000000' });
    expect(byId.get(fresh)?.studentName).toBe('Recent Enquiry');
    const [oldRow] = await t.app.deps.db.select().from(students).where(eq(students.studentId, old.studentId));
    expect(oldRow?.studentPhoto).toBe('erased');
    expect(await t.app.deps.files.has(hash)).toBe(false);
    const [currentRow] = await t.app.deps.db.select().from(students).where(eq(students.studentId, current.studentId));
    expect(currentRow?.studentPhoto).toBe(current.studentPhoto);
    expect(await t.app.deps.db.select().from(retentionRuns)).toHaveLength(runsBefore + 1);
    expect((await get('/api/admin/retention/runs')).json().data[0]).toEqual(real);

    // Nothing is left to do: the next dry run is empty.
    const again = (await get('/api/admin/retention/preview')).json();
    expect(again.enquiriesAnonymised).toEqual([]);
    expect(again.photosDeleted).toEqual([]);
  });

  it("scrubs an anonymised enquiry's old audit entries: the run is recorded, the erased values are not", async () => {
    const id = await enquiryAt(new Date('2025-01-10T06:00:00Z'), 'Audited Enquiry');
    // A correction, so the enquiry has entries with its values before and after.
    const [row] = await t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.id, id));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/visiting/${id}`,
      headers: counsellor.headers,
      payload: enquiryForm({
        studentName: 'Audited Enquiry',
        studentNo: row?.studentNo ?? '',
        parentsNo: '9712399999',
        notificationNo: '9712399999',
        reason: 'Wants the 10th course; call after exams',
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const entriesOf = () =>
      t.app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, String(id))))
        .orderBy(asc(auditLog.id));
    const before = JSON.stringify(await entriesOf());
    expect(before).toContain('Audited Enquiry');
    expect(before).toContain('9712399999');

    const report = (await t.app.inject({ method: 'POST', url: '/api/admin/retention/run', headers: admin })).json();
    expect(report.enquiriesAnonymised).toEqual([id]);

    const entries = await entriesOf();
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    const scrubbed = JSON.stringify(entries);
    for (const value of ['Audited Enquiry', row?.studentNo ?? '', '9712399999', 'call after exams', row?.email ?? '']) {
      expect(scrubbed).not.toContain(value);
    }
    expect(entries[1]?.after).toMatchObject({ parentsNo: '(erased)', reason: '(erased)' });
    expect(entries[0]?.after).toMatchObject({ studentName: '(erased)' });
    expect(entries.map((entry) => entry.entityName)).not.toContain('Audited Enquiry');
    // What is not personal stays (the standard asked about), and the run itself is in the trail.
    expect(entries[0]?.after).toMatchObject({ standard: row?.standard });
    const [run] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'privacy_settings'), eq(auditLog.action, 'erase')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(run?.after).toEqual({ erasedFields: ['1 enquiries anonymised', '0 student photos deleted'] });
    // Any other change of the trail is still refused.
    await expect(
      t.app.deps.db
        .update(auditLog)
        .set({ entityName: 'x' })
        .where(eq(auditLog.id, entries[0]?.id ?? 0)),
    ).rejects.toThrow();
  });

  it('never removes a payment, however old; it only counts those past 8 years', async () => {
    const student = await insertTestStudent(t.app.deps.database, { createdBy: counsellor.uuid, examCentreId: 1 });
    const [payment] = await t.app.deps.db
      .insert(payments)
      .values({
        studentId: student.studentId,
        amountPaise: 1000,
        paymentMode: 'Cash',
        systemReceiptNo: '2017-18/000001',
        receiptPhoto: 'a'.repeat(64),
        createdBy: counsellor.uuid,
        createdAt: new Date('2017-06-01T06:00:00Z'),
      })
      .returning();
    const report = (await t.app.inject({ method: 'POST', url: '/api/admin/retention/run', headers: admin })).json();
    expect(report.paymentsPastRetention).toBeGreaterThanOrEqual(1);
    expect(
      await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.paymentId, payment?.paymentId ?? 0)),
    ).toHaveLength(1);
  });
});

describe('the calendar of the rules', () => {
  it('moves months back across 1 January, 1 April and month ends', () => {
    expect(shiftMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftMonths('2026-04-01', -12)).toBe('2025-04-01');
    expect(shiftMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(shiftMonths('2026-11-24', -96)).toBe('2018-11-24');
  });

  it('runs nightly at 02:00 in India', () => {
    // 01:59 IST on 1 January 2027 → one minute.
    expect(msUntilNightlyRun(new Date('2026-12-31T20:29:00Z'))).toBe(60_000);
    // 02:00 IST exactly → tomorrow's.
    expect(msUntilNightlyRun(new Date('2026-12-31T20:30:00Z'))).toBe(24 * 3600_000);
    // Just before midnight IST on 31 March → 2 hours and a minute.
    expect(msUntilNightlyRun(new Date('2027-03-31T18:29:00Z'))).toBe(2 * 3600_000 + 60_000);
  });
});
