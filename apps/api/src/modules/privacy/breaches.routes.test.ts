import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, breaches, messageOutbox, students } from '../../db/schema';
import { addCentres, registerStudent, registerWithOwnPhones, registrationForm } from '../../testing/enrolment';
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
    { centerId: 3, centerName: 'Satara', collegeName: 'YC College' },
  ]);
});
afterAll(() => t.close());

describe('the breach register', () => {
  it('lists the families in the affected data and prepares their notices and the Board’s', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
    const photo = await t.uploadPhoto(counsellor.headers);
    const register = (studentName: string, examCentre: string, standard: string, phone: string) =>
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
          parentsNo: `9${phone.slice(1)}`.replace(/^9/, '8'),
          notificationNo: `9${phone.slice(1)}`.replace(/^9/, '8'),
          ...(standard === '12th' ? { standard, paymentStandard: standard, branch: 'PCM', dob: '2008-06-14' } : {}),
        }),
      );
    const hit = await register('Aditi Kulkarni', '1-Pune', '10th', '9712000001');
    await register('Bhavesh Naik', '1-Pune', '12th', '9712000002');
    await register('Chaitali More', '2-Nashik', '10th', '9712000003');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: {
        title: 'Register table photo shared',
        description: 'A photo of the Pune 10th register was posted in a public group.',
        discoveredOn: new Date().toISOString().slice(0, 10),
        measures: 'The post was removed within the hour.',
        scope: { centerId: 1, standard: '10th' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const breach = created.json().data;
    expect(breach.scopeText).toBe('students of centre 1 · standard 10th');

    const notices = (
      await t.app.inject({ method: 'GET', url: `/api/admin/breaches/${breach.id}/notices`, headers: admin })
    ).json();
    expect(notices.affected).toBe(1);
    expect(notices.families.map((f: { studentId: string }) => f.studentId)).toEqual([hit]);
    const [family] = notices.families;
    expect(family.en).toContain('Dear parent of Aditi Kulkarni');
    expect(family.mr).toContain('Aditi Kulkarni यांच्या पालकांना');
    expect(family.waLink).toMatch(/^https:\/\/wa\.me\/918712000001\?text=/);
    expect(notices.board).toContain('Data Protection Board of India');
    expect(notices.board).toContain('1 students');
    expect(notices.board).toContain('centre 1 Pune');

    // No filter: every student.
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: {
        title: 'Laptop stolen',
        description: 'The office laptop was stolen.',
        discoveredOn: new Date().toISOString().slice(0, 10),
        measures: 'Passwords changed.',
      },
    });
    const allNotices = (
      await t.app.inject({ method: 'GET', url: `/api/admin/breaches/${all.json().data.id}/notices`, headers: admin })
    ).json();
    // (Tests run in any order: every student registered so far in this file.)
    const [everyone] = await t.app.deps.db.select({ n: count() }).from(students);
    expect(allNotices.affected).toBe(everyone?.n);
    expect(allNotices.affected).toBeGreaterThanOrEqual(3);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/breaches', headers: admin })).json().data;
    // Newest first (another test's breach may stand before them).
    const titles: string[] = list.map((b: { title: string }) => b.title);
    expect(titles.filter((title) => title !== 'Satara register emailed to the wrong address')).toEqual([
      'Laptop stolen',
      'Register table photo shared',
    ]);
  });

  it("sends the families' notices through the outbox: consented parents, both languages, once per family", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Sana Shaikh', branch: 'Satara' });
    const photo = await t.uploadPhoto(counsellor.headers, { r: 200, g: 200, b: 10 });
    const register = (studentName: string, examCentre = '3-Satara') =>
      registerWithOwnPhones(t, counsellor.headers, { photo, studentName, examCentre });
    const consented = await register('Deepa Jadhav');
    const held = await register('Eknath Pawar');
    await register('Farhan Sayyed', '2-Nashik');
    await markConsentGiven(t.app.deps.database, [consented]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: {
        title: 'Satara register emailed to the wrong address',
        description: 'The Satara list went to a wrong e-mail address.',
        discoveredOn: '2026-11-20',
        measures: 'The recipient confirmed deleting it.',
        scope: { centerId: 3 },
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
    expect(sent?.body).toContain('Satara register emailed to the wrong address');
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

  it('refuses an incident without what happened, and an unknown breach', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: { title: '', description: 'x', discoveredOn: '2026-01-01', measures: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/breaches/99999/notices', headers: admin })).statusCode,
    ).toBe(404);
  });

  it('refuses a scope with a key it does not know (a dropped filter would widen it to everyone)', async () => {
    const before = await t.app.deps.db.select({ n: count() }).from(breaches);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/breaches',
      headers: admin,
      payload: {
        title: 'Laptop lost',
        description: 'A laptop with the Satara list was lost',
        discoveredOn: indianToday(t.app.deps.clock()),
        measures: 'Passwords changed',
        scope: { centreId: 3 },
      },
    });
    expect([answer.statusCode, answer.json().message]).toEqual([400, messages.breachScopeKeys]);
    expect(await t.app.deps.db.select({ n: count() }).from(breaches)).toEqual(before);
  });
});
