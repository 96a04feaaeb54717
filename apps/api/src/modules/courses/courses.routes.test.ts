import { messages } from '@app/domain/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, concessions, students } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { addCentres, registrationForm } from '../../testing/enrolment';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Courses and fee plans per exam session, and concessions (issue 25). The clock starts at 23:30 in India
 * on 31 December 2026 and is moved across 1 January and 1 April: the plan's due dates never depend on it.
 */

let now = new Date('2026-12-31T18:00:00Z'); // 31/12/2026, 11:30 pm in India
let t: TestApp;
let admin: { authorization: string };
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
let sessionId: number;

const threeInstalments = {
  name: 'Foundation 12th (3 instalments)',
  standard: '12th',
  branches: ['PCM', 'PCB'],
  fee: 9000,
  planKind: 'amount',
  instalments: [
    { dueDate: '2026-12-31', value: 3000 },
    { dueDate: '2027-01-15', value: 3000 },
    { dueDate: '2027-04-10', value: 3000 },
  ],
};

let planCourseId: number;
/** ₹6,500, no plan: one due date at a time, as the counsellor agrees. */
let plainCourseId: number;

async function addCourse(body: Record<string, unknown>, session = sessionId): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/examSessions/${session}/courses`,
    headers: admin,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`add course: ${response.body}`);
  return response.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, attempts: memoryAttemptStore() });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
  photo = await t.uploadPhoto(priya.headers);
  sessionId = (await t.app.inject({ method: 'GET', url: '/api/counsellor/openExamSession', headers: admin })).json()
    .data.id;
  planCourseId = await addCourse(threeInstalments);
  plainCourseId = await addCourse({ name: 'Crash course 10th', standard: '10th', branches: ['English'], fee: 6500 });
});
afterAll(() => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers?: { authorization: string },
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload }) });

const register = async (change: Record<string, unknown>, headers = priya.headers) => {
  const response = await inject(
    'POST',
    '/api/counsellor/register',
    headers,
    registrationForm({ studentPhoto: photo, receiptPhoto: photo, dueDate: '2027-02-01', ...change }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().studentId as string;
};

/** A student on the ₹6,500 course without a plan who paid ₹1,000. */
const registerOnPlainCourse = () =>
  register({ courseId: plainCourseId, standard: '10th', branch: 'English', amountPaid: 1000, dueDate: '2027-05-01' });

const studentRow = async (studentId: string) => {
  const [row] = await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId));
  if (!row) throw new Error(`no student ${studentId}`);
  return row;
};

const courses = async (query = '') =>
  (await inject('GET', `/api/admin/courses${query}`, admin)).json().data as {
    id: number;
    name: string;
    standard: string;
    fee: number;
    students: number;
  }[];

describe('courses of a session', () => {
  it('are SPEC §9’s four standards, fees and branches until the admin changes them, listed publicly', async () => {
    const created = await inject('POST', '/api/admin/examSessions', admin, {
      name: 'Mock Board Exams 2030-31',
      examYear: 2031,
      startsOn: '2030-06-01',
      endsOn: '2031-03-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await courses(`?sessionId=${created.json().data.id}`);
    expect(list.map(({ name, standard, fee }) => [name, standard, fee])).toEqual([
      ['9th+10th', '9th+10th', 5850],
      ['10th', '10th', 5850],
      ['11th+12th', '11th+12th', 9850],
      ['12th', '12th', 7900],
    ]);
    const open = await inject('GET', '/api/public/courses');
    expect(open.statusCode).toBe(200);
    expect(open.json().data.find((one: { standard: string }) => one.standard === '12th')).toMatchObject({
      name: '12th',
      branches: ['PCM', 'PCB', 'PCMB'],
      fee: 7900,
    });
  });

  it('refuses a plan that does not add up to the fee, or dates out of order, and adds nothing', async () => {
    const before = (await courses()).length;
    for (const [change, message] of [
      [{ fee: 9001 }, messages.coursePlanAmountsTotal],
      [
        {
          instalments: [
            { dueDate: '2027-01-15', value: 3000 },
            { dueDate: '2026-12-31', value: 3000 },
            { dueDate: '2027-04-10', value: 3000 },
          ],
        },
        messages.coursePlanDatesOrder,
      ],
      [{ branches: [] }, messages.courseBranchesRequired],
    ] as const) {
      const response = await inject('POST', `/api/admin/examSessions/${sessionId}/courses`, admin, {
        ...threeInstalments,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await courses()).length).toBe(before);
  });

  it('a counsellor may not add one', async () => {
    const response = await inject(
      'POST',
      `/api/admin/examSessions/${sessionId}/courses`,
      priya.headers,
      threeInstalments,
    );
    expect(response.statusCode).toBe(403);
  });

  it('a three-instalment plan gives the due dates across 1 January and 1 April, whatever the form sent', async () => {
    const listed = (await inject('GET', '/api/public/courses'))
      .json()
      .data.find((one: { id: number }) => one.id === planCourseId);
    expect(listed.instalments.map((one: { amount: number }) => one.amount)).toEqual([3000, 3000, 3000]);

    // 31/12/2026 11:30 pm: the first instalment paid, the second is next.
    now = new Date('2026-12-31T18:00:00Z');
    const first = await register({ courseId: planCourseId, standard: '12th', branch: 'PCB', amountPaid: 3000 });
    expect(first.startsWith('26')).toBe(true);
    expect(await studentRow(first)).toMatchObject({
      courseId: planCourseId,
      feePaise: 900_000,
      totalPaise: 900_000,
      remainingPaise: 600_000,
      dueDate: '2027-01-15',
      paymentStandard: '12th',
    });

    // 1/1/2027 00:30 am: nothing paid, the first instalment (31 December) is due and overdue.
    now = new Date('2026-12-31T19:00:00Z');
    const second = await register({ courseId: planCourseId, standard: '12th', branch: 'PCM', amountPaid: 0 });
    expect(second.startsWith('27')).toBe(true);
    expect((await studentRow(second)).dueDate).toBe('2026-12-31');

    // 1/4/2027: an instalment of ₹3,000 on the first student; the third instalment (10 April) is next.
    now = new Date('2027-03-31T19:00:00Z');
    const paid = await inject('POST', '/api/counsellor/makePayment', priya.headers, {
      studentId: first,
      amountPaid: 3000,
      paymentMode: 'Cash',
      receiptNo: '12',
      receiptPhoto: photo,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amountRemaining: 3000, dueDate: '2027-04-10' });
  });

  it('refuses a branch the course does not offer, and a course of another standard', async () => {
    for (const [change, message] of [
      [{ courseId: planCourseId, standard: '12th', branch: 'PCMB' }, messages.courseBranchNotOffered],
      [{ courseId: planCourseId, standard: '10th', branch: 'English' }, messages.courseStandardMismatch],
      [{ courseId: 999_999, standard: '12th', branch: 'PCM' }, messages.courseNotOffered],
    ] as const) {
      const response = await inject(
        'POST',
        '/api/counsellor/register',
        priya.headers,
        registrationForm({ studentPhoto: photo, receiptPhoto: photo, dueDate: '2027-05-01', ...change }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('a fee change reaches new registrations only: registered students keep theirs', async () => {
    now = new Date('2027-04-02T05:00:00Z');
    const tenth = (await courses()).find((one) => one.name === '9th+10th');
    if (!tenth) throw new Error('no 9th+10th course');
    const spec = { standard: '9th+10th', branch: 'English', amountPaid: 1000, dueDate: '2027-05-01' };
    const before = await register(spec);
    const changed = await inject('PUT', `/api/admin/courses/${tenth.id}`, admin, {
      name: '9th+10th',
      standard: '9th+10th',
      branches: ['Marathi', 'Semi-English', 'English'],
      fee: 6500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // SPEC's payload (no courseId) goes on the changed course.
    const after = await register(spec);
    expect(await studentRow(before)).toMatchObject({ feePaise: 585_000, totalPaise: 585_000, remainingPaise: 485_000 });
    expect(await studentRow(after)).toMatchObject({ feePaise: 650_000, totalPaise: 650_000, remainingPaise: 550_000 });
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'course'), eq(auditLog.entityId, String(tenth.id))));
    expect(audit.map((row) => row.action)).toEqual(['update']);
    expect(audit[0]?.after).toMatchObject({ feePaise: 650_000 });
    expect((await courses()).find((one) => one.id === tenth.id)?.students).toBe(2);
  });
});

describe('concessions', () => {
  const request = (studentId: string, amount: number, headers = priya.headers) =>
    inject('POST', '/api/counsellor/concessions', headers, { studentId, amount, reason: 'Sibling already enrolled' });

  it('apply only once approved: balance and due date change, audited with the reason', async () => {
    // ₹9,000 in three instalments, ₹3,000 paid: the second (15/01/2027) is next.
    now = new Date('2027-01-05T05:00:00Z');
    const studentId = await register({ courseId: planCourseId, standard: '12th', branch: 'PCM', amountPaid: 3000 });
    const asked = await request(studentId, 4000);
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data.id as number;
    expect(await studentRow(studentId)).toMatchObject({
      totalPaise: 900_000,
      concessionPaise: 0,
      dueDate: '2027-01-15',
    });

    const approved = await inject('PUT', `/api/admin/concessions/${id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    // ₹5,000 owed now: the plan is cut from its last instalments, so ₹3,000 by 31/12 and ₹5,000 by 15/01.
    expect(await studentRow(studentId)).toMatchObject({
      feePaise: 900_000,
      concessionPaise: 400_000,
      totalPaise: 500_000,
      paidPaise: 300_000,
      remainingPaise: 200_000,
      dueDate: '2027-01-15',
    });
    const paid = await inject('POST', '/api/counsellor/makePayment', priya.headers, {
      studentId,
      amountPaid: 2000,
      paymentMode: 'Online',
      receiptNo: '13',
      receiptPhoto: photo,
    });
    expect(paid.json()).toMatchObject({ amountRemaining: 0, dueDate: null });
    const statement = await inject('GET', `/api/pdf/payment-receipt?studentId=${studentId}`, priya.headers);
    expect(statement.statusCode).toBe(200);
    const text = pdfText(statement.rawPayload).replace(/\s+/g, ' ');
    for (const expected of ['Course Fee ₹9,000.00 (12th)', 'Concession − ₹4,000.00', 'Total Payable ₹5,000.00']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Instalments ₹3,000.00 by 31/12/2026 · ₹2,000.00 by 15/01/2027 Total');

    const history = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.studentId, studentId))
      .orderBy(asc(auditLog.id));
    const change = history.find((row) => row.entity === 'student' && row.action === 'update');
    expect(change?.after).toMatchObject({
      totalPaise: 500_000,
      reason: 'Concession approved: Sibling already enrolled',
    });
    expect(change?.before).toMatchObject({ totalPaise: 900_000 });
    expect(history.map((row) => `${row.entity} ${row.action}`)).toEqual(
      expect.arrayContaining(['concession request', 'concession approve']),
    );
  });

  it('a rejection, with its reason, changes nothing the student owes', async () => {
    const studentId = await registerOnPlainCourse();
    const before = await studentRow(studentId);
    const id = (await request(studentId, 500)).json().data.id as number;
    const noReason = await inject('PUT', `/api/admin/concessions/${id}/reject`, admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await inject('PUT', `/api/admin/concessions/${id}/reject`, admin, { reason: 'Not eligible' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', decisionReason: 'Not eligible' });
    expect(await studentRow(studentId)).toEqual(before);
    const again = await inject('PUT', `/api/admin/concessions/${id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(await studentRow(studentId)).toEqual(before);
  });

  it('never lower than what is paid: refused at the request and at the approval', async () => {
    const studentId = await register({
      courseId: plainCourseId,
      standard: '10th',
      branch: 'English',
      amountPaid: 5000,
      dueDate: '2027-05-01',
    });
    // ₹6,500 fee, ₹5,000 paid: at most ₹1,500.
    const tooMuch = await request(studentId, 1500.01);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(messages.concessionBelowPaid);
    const one = (await request(studentId, 1000)).json().data.id as number;
    const two = (await request(studentId, 1000)).json().data.id as number;
    expect((await inject('PUT', `/api/admin/concessions/${one}/approve`, admin)).statusCode).toBe(200);
    const second = await inject('PUT', `/api/admin/concessions/${two}/approve`, admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(messages.concessionBelowPaid);
    expect(await studentRow(studentId)).toMatchObject({
      totalPaise: 550_000,
      paidPaise: 500_000,
      remainingPaise: 50_000,
    });
  });

  it('20 concurrent approvals of one request apply it once', async () => {
    const studentId = await registerOnPlainCourse();
    const id = (await request(studentId, 500)).json().data.id as number;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => inject('PUT', `/api/admin/concessions/${id}/approve`, admin)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await studentRow(studentId)).toMatchObject({ concessionPaise: 50_000, totalPaise: 600_000 });
    const approvals = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'concession'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'approve')));
    expect(approvals).toHaveLength(1);
  });

  it('at registration waits for an admin; a counsellor asks and sees only for their own students', async () => {
    now = new Date('2027-04-02T05:00:00Z');
    const studentId = await register({
      courseId: plainCourseId,
      standard: '10th',
      branch: 'English',
      amountPaid: 1000,
      dueDate: '2027-05-01',
      concessionAmount: 300,
      concessionReason: 'Early registration',
    });
    expect((await studentRow(studentId)).concessionPaise).toBe(0);
    const [asked] = await t.app.deps.db.select().from(concessions).where(eq(concessions.studentId, studentId));
    expect(asked).toMatchObject({ amountPaise: 30_000, status: 'requested', reason: 'Early registration' });

    expect((await request(studentId, 100, rahul.headers)).statusCode).toBe(404);
    const rahulsList = await inject('GET', `/api/counsellor/concessions?studentId=${studentId}`, rahul.headers);
    expect(rahulsList.json().data).toEqual([]);
    const priyasList = await inject('GET', `/api/counsellor/concessions?studentId=${studentId}`, priya.headers);
    expect(priyasList.json().data).toHaveLength(1);
    expect((await inject('PUT', `/api/admin/concessions/${asked?.id}/approve`, priya.headers)).statusCode).toBe(403);
  });
});
