import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, students } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
const future = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 1000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  rahul = await t.createStaff({ role: 'counsellor' });
  photo = await t.uploadPhoto(priya.headers);
});
afterAll(() => t.close());

/** Registers a 10th student (₹5,850) who paid `paid` rupees; answers the student ID. */
const student = (paid = 2000, headers = priya.headers): Promise<string> =>
  registerStudent(t, headers, registrationForm({ studentPhoto: photo, receiptPhoto: photo, amountPaid: paid }));

const pay = (payload: Record<string, unknown>, headers: Record<string, string> = priya.headers) =>
  t.app.inject({ method: 'POST', url: '/api/counsellor/makePayment', headers, payload });
const balance = async (studentId: string) =>
  (await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId)))[0];
const paymentsOf = (studentId: string) =>
  t.app.deps.db.select().from(payments).where(eq(payments.studentId, studentId));

describe('POST /api/counsellor/makePayment', () => {
  it('records an instalment and the new balance, with our receipt number', async () => {
    const id = await student();
    const response = await pay({
      studentId: id,
      amountPaid: 1500.5,
      paymentMode: 'Card',
      receiptNo: '2045',
      newRemainingAmount: 2349.5,
      newDueDate: future(20),
      receiptPhoto: photo,
      counsellor: 'x',
      createdBy: rahul.uuid,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: messages.paymentSuccessful,
      amountRemaining: 2349.5,
      dueDate: future(20),
    });
    expect(response.json().receiptNumber).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(await balance(id)).toMatchObject({ paidPaise: 350_050, remainingPaise: 234_950, dueDate: future(20) });
    const rows = await paymentsOf(id);
    expect(rows.map((row) => row.paymentMode)).toEqual(['Cash', 'Cheque']);
    expect(rows.every((row) => row.createdBy === priya.uuid)).toBe(true);
  });

  it('clears the due date when the fee is paid in full', async () => {
    const id = await student(5000);
    const response = await pay({
      studentId: id,
      amountPaid: 850,
      paymentMode: 'Online',
      newDueDate: future(5),
      receiptPhoto: photo,
    });
    expect(response.json()).toMatchObject({ amountRemaining: 0, dueDate: null });
    expect(await balance(id)).toMatchObject({ remainingPaise: 0, dueDate: null });
  });

  it.each([
    [{ amountPaid: 0 }, 400, messages.paymentAmountInvalid],
    [{ amountPaid: -10 }, 400, messages.paymentAmountInvalid],
    [{ amountPaid: 3850.01 }, 400, messages.paymentAmountInvalid],
    [{ amountPaid: 100, newRemainingAmount: 3800 }, 409, messages.balanceChanged],
    [{ amountPaid: 100, newDueDate: '' }, 400, messages.dueDateRequired],
    [{ amountPaid: 100, newDueDate: '2020-01-01' }, 400, messages.dueDatePast],
    [{ amountPaid: 100, paymentMode: 'UPI' }, 400, messages.paymentModeInvalid],
    [{ amountPaid: 100, receiptNo: 'A12' }, 400, messages.receiptNoDigits],
    [{ amountPaid: 100, receiptPhoto: '' }, 400, messages.receiptPhotoFirst],
    [{ amountPaid: 100, receiptPhoto: `/api/files/${'b'.repeat(64)}.jpg` }, 400, messages.photoNotStored],
    [{ amountPaid: 100, studentId: '' }, 400, messages.noStudentSelected],
  ])('refuses %j and changes nothing', async (change, status, message) => {
    const id = await student();
    const response = await pay({
      studentId: id,
      paymentMode: 'Cash',
      newDueDate: future(10),
      receiptPhoto: photo,
      ...change,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await balance(id)).toMatchObject({ paidPaise: 200_000, remainingPaise: 385_000 });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("does not let a counsellor pay for another counsellor's student, nor an admin pay at all", async () => {
    const id = await student();
    const other = await pay(
      { studentId: id, amountPaid: 100, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo },
      rahul.headers,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(messages.studentNotFound);
    const admin = await pay(
      { studentId: id, amountPaid: 100, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo },
      await t.adminAuth(),
    );
    expect(admin.statusCode).toBe(403);
    expect(await paymentsOf(id)).toHaveLength(1);
  });
});

describe('safe retries', () => {
  it('the same Idempotency-Key twice records one payment and answers the first result', async () => {
    const id = await student();
    const body = { studentId: id, amountPaid: 500, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo };
    const headers = { ...priya.headers, 'idempotency-key': `pay-${id}-attempt` };
    const first = await pay(body, headers);
    const again = await pay(body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(id)).toHaveLength(2);
    expect((await balance(id))?.paidPaise).toBe(250_000);
  });

  it('two requests with one key at the same moment still pay once', async () => {
    const id = await student();
    const body = { studentId: id, amountPaid: 300, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo };
    const headers = { ...priya.headers, 'idempotency-key': `double-click-${id}` };
    const results = await Promise.all([pay(body, headers), pay(body, headers), pay(body, headers)]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.json().paymentId)).size).toBe(1);
    expect(await paymentsOf(id)).toHaveLength(2);
  });

  it('refuses a key reused for another request, and a malformed key', async () => {
    const id = await student();
    const headers = { ...priya.headers, 'idempotency-key': `reuse-${id}-key` };
    await pay(
      { studentId: id, amountPaid: 100, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo },
      headers,
    );
    const other = await pay(
      { studentId: id, amountPaid: 200, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo },
      headers,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(messages.idempotencyKeyReused);
    const bad = await pay(
      { studentId: id, amountPaid: 100, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo },
      { ...priya.headers, 'idempotency-key': 'x' },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('20 parallel payments on one student never overdraw, never lose an update, and number receipts without gaps', async () => {
    const id = await student(2000);
    // ₹3,850 remains; twenty payments of ₹300 can only fit twelve times.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay({ studentId: id, amountPaid: 300, paymentMode: 'Cash', newDueDate: future(10), receiptPhoto: photo }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(12);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().message === messages.paymentAmountInvalid),
    ).toBe(true);
    const row = await balance(id);
    expect(row).toMatchObject({ paidPaise: 200_000 + 12 * 30_000, remainingPaise: 385_000 - 12 * 30_000 });
    const rows = await paymentsOf(id);
    expect(rows.reduce((sum, payment) => sum + payment.amountPaise, 0)).toBe(row?.paidPaise);

    const all = await t.app.deps.db.select({ number: payments.systemReceiptNo }).from(payments);
    const sequence = all.map((p) => Number(p.number.split('/')[1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
  });
});

describe('GET /api/counsellor/getPayments', () => {
  it('lists students with their payments, newest first, including the registration payment', async () => {
    const id = await student(1000);
    await pay({
      studentId: id,
      amountPaid: 250,
      paymentMode: 'Online',
      newDueDate: future(10),
      receiptPhoto: photo,
      receiptNo: '77',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/counsellor/getPayments?uuid=x&role=admin',
      headers: priya.headers,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().studentData;
    expect(data[0]).toMatchObject({ studentId: id, amountPaid: 1250, amountRemaining: 4600 });
    expect(data[0].payments.map((p: { amountPaid: number }) => p.amountPaid)).toEqual([250, 1000]);
    expect(data[0].payments[0]).toMatchObject({ paymentMode: 'Online', receiptNo: '77' });
    expect(data[0].payments[0].receiptPhoto).toMatch(/^\/api\/files\/[0-9a-f]{64}\.jpg$/);
  });

  it("scopes a counsellor to their own students and shows an admin everyone's", async () => {
    const rahulsStudent = await student(1000, rahul.headers);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: priya.headers })
    ).json().studentData;
    expect(mine.map((s: { studentId: string }) => s.studentId)).not.toContain(rahulsStudent);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: await t.adminAuth() })
    ).json().studentData;
    expect(all.map((s: { studentId: string }) => s.studentId)).toContain(rahulsStudent);
  });
});

describe('GET /api/counsellor/getPayments with page (Payment Records, paged on the server)', () => {
  const getPage = async (query: string, headers: Record<string, string> = priya.headers) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/counsellor/getPayments?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: { studentId: string; studentName: string; payments: { paymentId: number; receiptNumber: string }[] }[];
      totalCount: number;
      totalPages: number;
    };
  };

  it('answers one page, newest payment first, with the totals; the whole list stays the SPEC shape', async () => {
    const older = await student(500);
    const newer = await student(600);
    // A new instalment moves the older student back to the top.
    await pay({ studentId: older, amountPaid: 100, paymentMode: 'Cash', newDueDate: future(9), receiptPhoto: photo });
    const first = await getPage('page=1&limit=2');
    expect(first.data.map((row) => row.studentId)).toEqual([older, newer]);
    expect(first.data[0]?.payments).toHaveLength(2);
    const whole = (
      await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: priya.headers })
    ).json().studentData;
    expect(first.totalCount).toBe(whole.length);
    expect(first.totalPages).toBe(Math.ceil(whole.length / 2));
    const second = await getPage('page=2&limit=2');
    expect(second.data.map((row) => row.studentId)).toEqual(
      whole.slice(2, 4).map((row: { studentId: string }) => row.studentId),
    );
  });

  it('searches names, student IDs, payment IDs and receipt numbers, and filters by standard', async () => {
    const id = await student(700);
    const [payment] = await paymentsOf(id);
    if (!payment) throw new Error('no payment');
    for (const search of [id, String(payment.paymentId), payment.systemReceiptNo]) {
      const found = await getPage(`page=1&search=${encodeURIComponent(search)}`);
      expect(found.data.map((row) => row.studentId)).toContain(id);
    }
    expect((await getPage('page=1&search=nobody-by-this-name')).totalCount).toBe(0);
    expect((await getPage('page=1&standard=12th')).totalCount).toBe(0);
    expect((await getPage('page=1&standard=10th')).totalCount).toBeGreaterThan(0);
  });

  it('keeps a counsellor to their own students whatever the query says; an admin may pick a counsellor', async () => {
    const rahulsStudent = await student(800, rahul.headers);
    const priyasStudent = await student(800);
    const mine = await getPage(`page=1&limit=200&counsellor=${rahul.uuid}`);
    expect(mine.data.map((row) => row.studentId)).not.toContain(rahulsStudent);
    const his = await getPage(`page=1&counsellor=${rahul.uuid}`, await t.adminAuth());
    expect(his.data.map((row) => row.studentId)).toContain(rahulsStudent);
    expect(his.data.map((row) => row.studentId)).not.toContain(priyasStudent);
  });

  it('refuses a bad page with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/counsellor/getPayments?page=0',
      headers: priya.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});
