import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, headers = priya.headers) =>
  t.app.inject({ method: 'POST', url: '/api/counsellor/visiting', headers, payload });
const list = async (headers: { authorization: string }, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/getVisiting${query}`, headers })).json().data;

describe('POST /api/counsellor/visiting', () => {
  it('records an enquiry with the counsellor from the session, never from the body', async () => {
    const response = await post(
      enquiryForm({ uuid: rahul.uuid, counsellor: 'Someone Else', counsellorBranch: 'Fake', createdBy: rahul.uuid }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.visitingSaved);
    expect(response.json().data).toMatchObject({
      uuid: priya.uuid,
      createdBy: priya.uuid,
      counsellor: 'Priya Deshmukh',
      counsellorBranch: 'Pune - Kothrud',
      previousYear: '9th',
      previousYearPercent: 82.5,
      motherName: 'not require',
    });
  });

  it('derives the previous year from the standard', async () => {
    for (const [standard, branch, previousYear] of [
      ['9th+10th', 'Marathi', '8th'],
      ['11th+12th', 'PCM', '10th'],
      ['12th', 'PCMB', '11th'],
    ]) {
      const response = await post(enquiryForm({ standard, branch, previousYear: 'ignored' }));
      expect(response.json().data.previousYear).toBe(previousYear);
    }
  });

  it("replaces the reason with the written one when it is 'Other'", async () => {
    const response = await post(enquiryForm({ reason: 'Other', otherReason: 'Wants weekend batches' }));
    expect(response.json().data.reason).toBe('Wants weekend batches');
  });

  it('refuses a second enquiry for the same student number and standard', async () => {
    const first = enquiryForm();
    expect((await post(first)).statusCode).toBe(201);
    const again = await post({ ...first, studentName: 'Same Number' }, rahul.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.visitingDuplicate);
    expect((await post({ ...first, standard: '12th', branch: 'PCM' })).statusCode).toBe(201);
  });

  it.each([
    [{ pincode: '41100' }, messages.pincodeDigits],
    [{ pincode: '41100a' }, messages.pincodeDigits],
    [{ studentNo: '98220', notificationNo: '98220' }, messages.phoneDigits],
    [{ parentsNo: '98220982201' }, messages.phoneDigits],
    [{ notificationNo: '9000000000' }, messages.notificationNumber],
    [{ email: 'not-an-email' }, messages.invalidEmail],
    [{ previousYearPercent: 100.01 }, messages.percentRange],
    [{ previousYearPercent: -1 }, messages.percentRange],
    [{ previousYearPercent: 82.555 }, messages.percentRange],
    [{ reason: 'Other' }, messages.otherReasonRequired],
    [{ reason: 'Bad\u0000reason' }, messages.textControlCharacters],
    [{ previousYearPercent: '1e3' }, messages.percentRange],
    [{ previousYearPercent: true }, messages.percentRange],
    [{ branch: 'PCM' }, 'Choose a medium or group of this standard'],
    [{ standard: '11th' }, 'Choose a standard'],
    [{ gender: 'Other' }, messages.genderRequired],
    [{ demoGiven: 'MAYBE' }, messages.demoGivenRequired],
    [{ dob: '2011-02-30' }, messages.invalidDate],
    [{ studentName: '' }, 'Student name is required'],
    [{ address: 'x'.repeat(301) }, 'Must be at most 300 characters'],
  ])('refuses %j with its message and records nothing', async (change, message) => {
    const before = (await list(priya.headers)).length;
    const response = await post(enquiryForm(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await list(priya.headers)).length).toBe(before);
  });

  it('is for counsellors: an admin cannot record one', async () => {
    expect((await post(enquiryForm(), await t.adminAuth())).statusCode).toBe(403);
  });
});

describe('GET /api/counsellor/getVisiting', () => {
  it('gives a counsellor only their own records, whatever the query says', async () => {
    expect((await post(enquiryForm())).statusCode).toBe(201);
    await post(enquiryForm({ studentName: 'Rahul Student' }), rahul.headers);
    const mine = await list(priya.headers, `?uuid=${rahul.uuid}&role=admin`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((record: { createdBy: string }) => record.createdBy === priya.uuid)).toBe(true);
    const his = await list(rahul.headers);
    expect(his.map((record: { studentName: string }) => record.studentName)).toContain('Rahul Student');
    expect(his.every((record: { createdBy: string }) => record.createdBy === rahul.uuid)).toBe(true);
  });

  it('gives an admin everyone’s, newest first', async () => {
    expect((await post(enquiryForm())).statusCode).toBe(201);
    expect((await post(enquiryForm(), rahul.headers)).statusCode).toBe(201);
    const all = await list(await t.adminAuth());
    const owners = new Set(all.map((record: { createdBy: string }) => record.createdBy));
    expect(owners).toEqual(new Set([priya.uuid, rahul.uuid]));
    const times = all.map((record: { createdAt: string }) => record.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('GET /api/counsellor/getVisiting with page (paged on the server)', () => {
  const getPage = async (query: string, headers: { authorization: string } = priya.headers) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/counsellor/getVisiting?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: { id: number; studentName: string; standard: string }[];
      totalCount: number;
      totalPages: number;
    };
  };

  it('answers one page, newest first, with the totals, matching the whole list', async () => {
    await post(enquiryForm({ studentName: 'Paged One' }));
    await post(enquiryForm({ studentName: 'Paged Two' }));
    const whole = await list(priya.headers);
    const first = await getPage('page=1&limit=2');
    expect(first.data.map((record) => record.id)).toEqual(whole.slice(0, 2).map((record: { id: number }) => record.id));
    expect(first.totalCount).toBe(whole.length);
    expect(first.totalPages).toBe(Math.ceil(whole.length / 2));
  });

  it('searches the name and numbers, filters by standard, and keeps a counsellor to their own', async () => {
    const record = enquiryForm({ studentName: 'Searchable Sameer', standard: '12th', branch: 'PCB' });
    await post(record);
    expect((await getPage('page=1&search=searchable sam')).data.map((r) => r.studentName)).toEqual([
      'Searchable Sameer',
    ]);
    expect((await getPage(`page=1&search=${record.studentNo}`)).totalCount).toBe(1);
    const twelfth = (await getPage('page=1&limit=200&standard=12th')).data;
    expect(twelfth.map((r) => r.studentName)).toContain('Searchable Sameer');
    expect(twelfth.every((r) => r.standard === '12th')).toBe(true);
    expect((await getPage('page=1&search=searchable', rahul.headers)).totalCount).toBe(0);
    expect((await getPage(`page=1&search=searchable&counsellor=${priya.uuid}`, await t.adminAuth())).totalCount).toBe(
      1,
    );
  });
});
