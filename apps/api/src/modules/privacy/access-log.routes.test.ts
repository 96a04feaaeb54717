import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: { authorization: string };
let counsellor: { headers: { authorization: string }; uuid: string };
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
  const photo = await t.uploadPhoto(counsellor.headers);
  studentId = await registerStudent(
    t,
    counsellor.headers,
    registrationForm({ studentPhoto: photo, receiptPhoto: photo }),
  );
});
afterAll(() => t.close());

describe('the access log', () => {
  it("records staff reads of a student's details and PDFs, and an export's filter and count, not its rows", async () => {
    const read = (url: string, headers: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });
    expect((await read(`/api/counsellor/student/${studentId}`, counsellor.headers)).statusCode).toBe(200);
    expect((await read(`/api/pdf/registration-form?studentId=${studentId}`, admin)).statusCode).toBe(200);
    expect((await read(`/api/pdf/payment-receipt?studentId=${studentId}`, counsellor.headers)).statusCode).toBe(200);
    // A refused read is no access.
    const other = await t.createStaff({ role: 'counsellor', name: 'Ravi Patil', branch: 'Nashik' });
    expect((await read(`/api/counsellor/student/${studentId}`, other.headers)).statusCode).toBe(404);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/getFilteredRegister',
      headers: admin,
      payload: { standard: '10th', columns: ['studentId', 'studentName'] },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const exportedCount = exported.json().data.length;

    const log = await read(`/api/admin/accessLog/${studentId}`, admin);
    expect(log.statusCode).toBe(200);
    const entries = log.json().data as { actorName: string; what: string }[];
    expect(entries.map((entry) => [entry.actorName, entry.what])).toEqual([
      ['Meera Joshi', 'receipt_pdf'],
      ['Administrator', 'registration_pdf'],
      ['Meera Joshi', 'details'],
    ]);
    const exports = await t.app.deps.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.what, 'export'))
      .orderBy(asc(accessLog.id));
    expect(exports).toHaveLength(1);
    expect(exports[0]).toMatchObject({
      studentId: null,
      actorName: 'Administrator',
      detail: { count: exportedCount, filter: expect.objectContaining({ standard: '10th' }) },
    });
    expect(exportedCount).toBeGreaterThan(0);
  });

  it('writes in batches: nothing on the read path, everything after a flush', async () => {
    const before = (await t.app.deps.db.select().from(accessLog)).length;
    for (let i = 0; i < 250; i += 1) {
      t.app.deps.accessLog.record({
        by: { uuid: counsellor.uuid, name: 'Meera Joshi', role: 'counsellor' },
        what: 'details',
        studentId: 'BATCH01',
      });
    }
    await t.app.deps.accessLog.flush();
    expect((await t.app.deps.db.select().from(accessLog)).length).toBe(before + 250);
  });
});
