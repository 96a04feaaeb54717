import { privacyMessages } from '@app/domain/privacy.schemas';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messageOutbox } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { markConsentGiven } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [
    { centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' },
    { centerId: 2, centerName: 'Nashik', collegeName: 'HPT College' },
  ]);
});
afterAll(() => t.close());

describe("a breach's notices to the families", () => {
  it("sends the families' notices through the outbox: consented parents, both languages, once per family", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Sana Shaikh', branch: 'Nashik' });
    const photo = await t.uploadPhoto(counsellor.headers, { r: 200, g: 200, b: 10 });
    const register = (studentName: string, phone: string, examCentre = '2-Nashik') =>
      registerStudent(
        t,
        counsellor.headers,
        registrationForm({
          studentPhoto: photo,
          receiptPhoto: photo,
          studentName,
          examCentre,
          studentNo: phone,
          appNo: phone,
          parentsNo: `8${phone.slice(1)}`,
          notificationNo: `8${phone.slice(1)}`,
        }),
      );
    const consented = await register('Deepa Jadhav', '9712000011');
    const held = await register('Eknath Pawar', '9712000012');
    await register('Farhan Sayyed', '9712000013', '1-Pune');
    await markConsentGiven(t.app.deps.database, [consented]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: {
        title: 'Nashik register emailed to the wrong address',
        description: 'The Nashik list went to a wrong e-mail address.',
        discoveredOn: '2026-11-20',
        measures: 'The recipient confirmed deleting it.',
        scope: { centerId: 2 },
      },
    });
    const breach = created.json().data;
    const send = () => t.app.inject({ method: 'POST', url: `/api/admin/breaches/${breach.id}/send`, headers: admin });

    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    // Deepa (consented) and Eknath (held); Farhan, of another centre, is not affected.
    expect(first.json()).toEqual({
      message: privacyMessages.breachNoticesSent,
      affected: 2,
      queued: 1,
      skipped: [{ studentId: held, studentName: 'Eknath Pawar', reason: 'No parent consent' }],
      alreadySent: 0,
    });
    const rows = await t.app.deps.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, 'breach_notice'), like(messageOutbox.dedupeKey, `breach:${breach.id}:%`)))
      .orderBy(asc(messageOutbox.id));
    const sent = rows.find((row) => row.studentId === consented);
    expect(sent?.status).toBe('queued');
    expect(sent?.body).toContain('Deepa Jadhav यांच्या पालकांना');
    expect(sent?.body).toContain('Dear parent of Deepa Jadhav');
    expect(sent?.body).toContain('On 20/11/2026 we found a personal data breach');
    expect(sent?.body).toContain('Nashik register emailed to the wrong address');
    expect(rows.find((row) => row.studentId === held)?.status).toBe('skipped');

    // Exactly once per breach and family: a second send queues nothing more.
    const second = await send();
    expect(second.json()).toMatchObject({ affected: 2, queued: 0, skipped: [], alreadySent: 2 });
    const after = await t.app.deps.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(like(messageOutbox.dedupeKey, `breach:${breach.id}:%`));
    expect(after).toHaveLength(rows.length);
    // Audited: the send itself, and each family's message in the student's history.
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'breach'), eq(auditLog.entityId, String(breach.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['create', expect.anything()],
      ['queue', { affected: 2, queued: 1, skipped: 1 }],
      ['queue', { affected: 2, queued: 0, skipped: 0 }],
    ]);
    // Counsellors may not send.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/breaches/${breach.id}/send`,
      headers: counsellor.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/breaches/99999/send', headers: admin })).statusCode,
    ).toBe(404);
  });
});
