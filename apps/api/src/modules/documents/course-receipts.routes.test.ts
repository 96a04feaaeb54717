import { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessions, payments, refunds } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { addCentres, addOpenSessionCourse, registrationForm } from '../../testing/enrolment';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A receipt and a refund voucher print the course the student registered on, and the figures as they
 * stood right after their own record: what happens later (a concession, a cancellation, a refund, a
 * payment) never changes a reprint (docs/decisions/016-receipt-corrections.md). The clock is the app's
 * (deps.clock), moved across midnight of 31 March in India, which is still 31 March in UTC: the receipt
 * and voucher numbers take the financial year of India's date.
 */

let now = new Date('2027-03-31T18:00:00Z'); // 31/03/2027, 11:30 pm in India: financial year 2026-27
let t: TestApp;
let admin: { authorization: string };
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, attempts: memoryAttemptStore() });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune' });
  photo = await t.uploadPhoto(priya.headers);
  courseId = await addOpenSessionCourse(t, admin, {
    name: 'Crash course 10th',
    standard: '10th',
    branches: ['Semi-English', 'English'],
    fee: 6500,
  });
});
afterAll(() => t.close());

const at = (iso: string) => {
  now = new Date(iso);
};
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

/**
 * A student on the course who paid ₹2,000 at registration at 11:30 pm on 31 March in India, then ₹1,500
 * at 12:01 am on 1 April (still 31 March in UTC).
 */
async function paidAcrossTheYearEnd() {
  at('2027-03-31T18:00:00Z');
  const registered = await inject(
    'POST',
    '/api/counsellor/register',
    priya.headers,
    registrationForm({ studentPhoto: photo, receiptPhoto: photo, courseId, amountPaid: 2000, dueDate: '2027-05-01' }),
  );
  expect(registered.statusCode, registered.body).toBe(201);
  const studentId = registered.json().studentId as string;
  at('2027-03-31T18:31:00Z');
  const paid = await inject('POST', '/api/counsellor/makePayment', priya.headers, {
    studentId,
    amountPaid: 1500,
    paymentMode: 'Cash',
    newDueDate: '2027-06-01',
    receiptPhoto: photo,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const rows = await t.app.deps.db
    .select()
    .from(payments)
    .where(eq(payments.studentId, studentId))
    .orderBy(payments.paymentId);
  const [first, second] = rows;
  if (!first || !second) throw new Error('two payments expected');
  return { studentId, first, second, receiptNumbers: [registered.json().receiptNumber, paid.json().receiptNumber] };
}

describe('receipts and vouchers: the course, and the figures of their moment', () => {
  it('take their time and India’s financial year from the app’s clock, across midnight of 31 March', async () => {
    const { first, second, receiptNumbers } = await paidAcrossTheYearEnd();
    expect(receiptNumbers[0]).toMatch(/^2026-27\//);
    expect(receiptNumbers[1]).toMatch(/^2027-28\//);
    expect([first.systemReceiptNo, second.systemReceiptNo]).toEqual(receiptNumbers);
    // The payment's time is the app's clock too: a receipt's moment.
    expect([first.createdAt.toISOString(), second.createdAt.toISOString()]).toEqual([
      '2027-03-31T18:00:00.000Z',
      '2027-03-31T18:31:00.000Z',
    ]);
  });

  it('print the course, and reprint as issued: later concessions, cancellations and refunds change nothing', async () => {
    const { studentId, first, second } = await paidAcrossTheYearEnd();
    const [firstId, secondId] = [first.paymentId, second.paymentId];
    // Later: a concession of ₹500, the first receipt cancelled, ₹500 of the second refunded.
    at('2027-04-02T06:00:00Z');
    const asked = await inject('POST', '/api/counsellor/concessions', priya.headers, {
      studentId,
      amount: 500,
      reason: 'Sibling already enrolled',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await inject('PUT', `/api/admin/concessions/${asked.json().data.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const [concession] = await t.app.deps.db
      .select()
      .from(concessions)
      .where(and(eq(concessions.studentId, studentId), eq(concessions.status, 'approved')));
    expect(concession?.decidedAt?.toISOString()).toBe('2027-04-02T06:00:00.000Z');
    at('2027-04-03T06:00:00Z');
    const cancelled = await inject('PUT', `/api/admin/payments/${firstId}/cancel`, admin, {
      reason: 'Entered against the wrong student',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    at('2027-04-04T06:00:00Z');
    const refunded = await inject('POST', '/api/admin/refunds', admin, {
      paymentId: secondId,
      amount: 500,
      refundMode: 'Online',
      // The refund date's window is checked against the real date (the request schema's), not the clock.
      refundedOn: indianToday(),
      reason: 'Family asked for part back',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ amountPaid: 1000, amountRemaining: 5000 });
    expect(refunded.json().voucherNumber).toMatch(/^RF\/2027-28\//);
    const [refund] = await t.app.deps.db.select().from(refunds).where(eq(refunds.studentId, studentId));
    expect(refund?.createdAt.toISOString()).toBe('2027-04-04T06:00:00.000Z');
    // And a payment after the refund.
    at('2027-04-05T06:00:00Z');
    const third = await inject('POST', '/api/counsellor/makePayment', priya.headers, {
      studentId,
      amountPaid: 1000,
      paymentMode: 'Online',
      receiptNo: '77',
      newDueDate: '2027-06-01',
      receiptPhoto: photo,
    });
    expect(third.statusCode, third.body).toBe(201);

    const receipt = async (paymentId: number | undefined) => {
      const response = await inject(
        'GET',
        `/api/pdf/payment-receipt?studentId=${studentId}&paymentId=${paymentId}`,
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      return flat(response.rawPayload);
    };
    // The first receipt: cancelled, as it stood when issued (₹2,000 of ₹6,500); printed now, by the clock.
    const one = await receipt(firstId);
    for (const expected of [
      'Printed on 05/04/2027, 11:30 AM',
      'CANCELLED',
      'Course Crash course 10th (Semi-English)',
      'Course Fee ₹6,500.00',
      'Total Paid ₹2,000.00',
      'Balance ₹4,500.00',
      'the fee for Crash course 10th',
    ]) {
      expect(one).toContain(expected);
    }
    expect(one).not.toContain('Concession');
    // The second: ₹3,500 paid of ₹6,500 right after it; the later concession, cancellation and refund
    // are not on it (the student's figures now are ₹2,000 paid of ₹6,000).
    const two = await receipt(secondId);
    for (const expected of ['Course Crash course 10th (Semi-English)', 'Total Paid ₹3,500.00', 'Balance ₹3,000.00']) {
      expect(two).toContain(expected);
    }
    expect(two).not.toContain('CANCELLED');
    expect(two).not.toContain('Concession');

    // The voucher: the course, and the account right after the refund (₹1,000 paid of ₹6,000), not the
    // later payment's.
    const voucher = await inject('GET', `/api/pdf/refund-voucher?refundId=${refund?.id}`, admin);
    expect(voucher.statusCode, voucher.body).toBe(200);
    const text = flat(voucher.rawPayload);
    for (const expected of [
      'Course Crash course 10th (Semi-English)',
      'Concession − ₹500.00',
      'Total Payable ₹6,000.00',
      'Total Paid ₹1,000.00',
      'Balance ₹5,000.00',
      'Printed on 05/04/2027, 11:30 AM',
    ]) {
      expect(text).toContain(expected);
    }

    // The registration form names the course too.
    const form = await inject('GET', `/api/pdf/registration-form?studentId=${studentId}`, admin);
    expect(form.statusCode, form.body).toBe(200);
    expect(flat(form.rawPayload)).toContain('Course Crash course 10th (Semi-English)');

    // The payments download names the course too (the 7th column, after the standard).
    const file = await inject('GET', `/api/counsellor/getPayments?format=xlsx&search=${studentId}`, admin);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const sheet = workbook.getWorksheet('Payments');
    expect(sheet?.getRow(1).getCell(7).value).toBe('Course');
    expect(sheet?.rowCount).toBe(4);
    for (const n of [2, 3, 4]) expect(sheet?.getRow(n).getCell(7).value).toBe('Crash course 10th');
  });
});
