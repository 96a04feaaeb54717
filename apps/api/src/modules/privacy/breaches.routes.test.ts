import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
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
    expect(allNotices.affected).toBe(3);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/breaches', headers: admin })).json().data;
    expect(list.map((b: { title: string }) => b.title)).toEqual(['Laptop stolen', 'Register table photo shared']);
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
});
