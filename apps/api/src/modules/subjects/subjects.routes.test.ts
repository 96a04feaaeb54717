import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { currentSessionYear } from '../sessions/current-session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const [subjectCode, subjectName, standard] of [
    [101, 'English', '10th'],
    [102, 'Mathematics', '10th'],
    [103, 'Science', '10th'],
    [201, 'Physics', '12th'],
  ] as const) {
    await call('POST', '/addSubject', { subjectCode, subjectName, language: 'English', standard });
  }
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: await t.adminAuth(),
    ...(payload ? { payload } : {}),
  });
}
const schedule = (code: number, examDate: string, examTime: string) =>
  call('PUT', `/addDates/${code}`, { examDate, examTime });

describe('subjects', () => {
  it('lists subjects sorted by code, unscheduled at first', async () => {
    await call('POST', '/addSubject', {
      subjectCode: 104,
      subjectName: 'Marathi',
      language: 'Marathi',
      standard: '10th',
    });
    const list = (await call('GET', '/getsubjects')).json().data;
    const codes = list.map((s: { subjectCode: number }) => s.subjectCode);
    // Other tests of this file add subjects of their own: these are this file's first ones, in order.
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(codes.filter((code: number) => [101, 102, 103, 104, 201].includes(code))).toEqual([101, 102, 103, 104, 201]);
    expect(list.find((s: { subjectCode: number }) => s.subjectCode === 104)).toEqual({
      subjectCode: 104,
      subjectName: 'Marathi',
      language: 'Marathi',
      standard: '10th',
      examDate: null,
      examTime: null,
      examYear: await currentSessionYear(t.app.deps.db),
      maxMarks: 100,
    });
  });

  it('refuses a duplicate code with 409', async () => {
    const response = await call('POST', '/addSubject', {
      subjectCode: 101,
      subjectName: 'Hindi',
      language: 'Hindi',
      standard: '10th',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.subjectExists);
  });

  it.each([
    [{ subjectName: 'Hindi', language: 'Hindi', standard: '10th' }, messages.allFieldsRequired],
    [{ subjectCode: '', subjectName: 'Hindi', language: 'Hindi', standard: '10th' }, messages.allFieldsRequired],
    [{ subjectCode: 150, subjectName: '', language: 'Hindi', standard: '10th' }, messages.allFieldsRequired],
    [{ subjectCode: 150, subjectName: 'Hindi', standard: '10th' }, messages.allFieldsRequired],
    [{ subjectCode: 150, subjectName: 'Hindi', language: 'Hindi', standard: '11th' }, 'Standard must be 10th or 12th'],
    [
      { subjectCode: 'x1', subjectName: 'Hindi', language: 'Hindi', standard: '10th' },
      'Subject code must be a whole number',
    ],
  ])('answers 400 for %j', async (payload, message) => {
    const response = await call('POST', '/addSubject', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it.each([
    ['10:00 AM', messages.examTimeFormat],
    ['10:00 AM - 1:00 PM', messages.examTimeFormat],
    ['13:00 AM-1:00 PM', messages.examTimeFormat],
    ['0:30 AM-1:00 PM', messages.examTimeFormat],
    ['10:60 AM-1:00 PM', messages.examTimeFormat],
    ['10:00 am-1:00 pm', messages.examTimeFormat],
    ['1:00 PM-10:00 AM', messages.examTimeOrder],
    ['11:00 AM-11:00 AM', messages.examTimeOrder],
  ])('refuses the exam time %s', async (examTime, message) => {
    const response = await schedule(103, '2027-03-01', examTime);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an impossible date', async () => {
    expect((await schedule(103, '2027-02-30', '10:00 AM-1:00 PM')).statusCode).toBe(400);
  });

  it('refuses two papers of one standard that overlap on a date, naming the other one', async () => {
    expect((await schedule(101, '2027-03-02', '11:00 AM-2:00 PM')).statusCode).toBe(200);
    const clash = await schedule(102, '2027-03-02', '1:00 PM-4:00 PM');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('English (101)');
    // Back to back is fine, another standard is fine, and moving the same paper is fine.
    expect((await schedule(102, '2027-03-02', '2:00 PM-5:00 PM')).statusCode).toBe(200);
    expect((await schedule(201, '2027-03-02', '11:00 AM-2:00 PM')).statusCode).toBe(200);
    expect((await schedule(101, '2027-03-02', '10:00 AM-1:00 PM')).statusCode).toBe(200);
  });

  it('two papers moved onto the same slot at once: one wins', async () => {
    const results = await Promise.all([
      schedule(103, '2027-03-09', '11:00 AM-2:00 PM'),
      schedule(102, '2027-03-09', '11:00 AM-2:00 PM'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("answers a standard's timetable ordered by date then time", async () => {
    for (const [code, name] of [
      [301, 'Chemistry'],
      [302, 'Biology'],
      [303, 'Mathematics'],
    ] as const) {
      await call('POST', '/addSubject', {
        subjectCode: code,
        subjectName: name,
        language: 'English',
        standard: '12th',
      });
    }
    await schedule(201, '2027-03-02', '11:00 AM-2:00 PM');
    await schedule(303, '2027-03-20', '2:00 PM-5:00 PM');
    await schedule(301, '2027-03-20', '10:00 AM-1:00 PM');
    await schedule(302, '2027-03-15', '10:00 AM-1:00 PM');
    const headers = (await t.createStaff({ role: 'counsellor' })).headers;
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/timetable?standard=12th', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((s: { subjectCode: number }) => s.subjectCode)).toEqual([201, 302, 301, 303]);
  });

  it('deletes a subject, 404 for an unknown one', async () => {
    await call('POST', '/addSubject', { subjectCode: 999, subjectName: 'Temp', language: 'English', standard: '12th' });
    expect((await call('DELETE', '/deleteSubject/999')).statusCode).toBe(200);
    expect((await call('DELETE', '/deleteSubject/999')).statusCode).toBe(404);
  });
});
