import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@app/domain/messages';
import { instituteAddress, institutePhone } from '@app/domain/site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments as paymentsTable } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let studentId: string;
const work = mkdtempSync(path.join(tmpdir(), 'pdf-test-'));

beforeAll(async () => {
  t = await createTestApp();
  await addCentres(t, [
    { centerId: 4, centerName: 'Thane - Naupada', collegeName: 'Bedekar Vidya Mandir', capicity: 250 },
  ]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor' });
  studentId = await registerAarav();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Aarav, registered by Priya with ₹2,500.50 of ₹9,850 paid: a test that pays on him registers its own. */
async function registerAarav(): Promise<string> {
  return registerStudent(
    t,
    priya.headers,
    registrationForm({
      standard: '11th+12th',
      schoolCollege: 'Fergusson College',
      preYearPercent: 91.4,
      branch: 'PCMB',
      examCentre: '4-Thane - Naupada',
      amountPaid: 2500.5,
      receiptNo: '3301',
      modeOfPayment: 'Online',
      dueDate: new Date(Date.now() + 40 * 24 * 3600 * 1000).toISOString().slice(0, 10),
      studentPhoto: await t.uploadPhoto(priya.headers),
      receiptPhoto: await t.uploadPhoto(priya.headers, { r: 90, g: 90, b: 90 }),
    }),
  );
}

const pdfText = (bytes: Buffer) => {
  const file = path.join(work, `${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('GET /api/pdf/registration-form', () => {
  it('prints the registration with Indian formats', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/registration-form?studentId=${studentId}`,
      headers: priya.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      studentId,
      'Aarav Kulkarni',
      'Sunita Kulkarni',
      '14/06/2011',
      'PCMB',
      '91.40 %',
      'Thane - Naupada',
      'Bedekar Vidya Mandir',
      '₹9,850.00',
      '₹2,500.50',
      '₹7,349.50',
      'Online',
      '3301',
      'Priya Deshmukh',
      // One name for one thing: the system's number is the Receipt No., the paper book's is labelled apart.
      'Receipt No.',
      'Receipt Book No.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/\d{4}-\d{2}\/\d{6}/);
  });

  it('is also open to admins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/registration-form?studentId=${studentId}`,
      headers: await t.adminAuth(),
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 403 'Student not found!' for an unknown student and for another counsellor's", async () => {
    for (const [id, headers] of [
      ['2699999', priya.headers],
      [studentId, rahul.headers],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/pdf/registration-form?studentId=${id}`,
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.studentNotFoundPdf);
    }
  });

  it('answers 400 without a student ID', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pdf/registration-form', headers: priya.headers });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/pdf/payment-receipt', () => {
  it('prints the receipt of one payment with both receipt numbers and the amount in words', async () => {
    // A student of its own: the registration form test reads Aarav's balance as registered.
    const studentId = await registerAarav();
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers: priya.headers,
      payload: {
        studentId,
        amountPaid: 2349.5,
        paymentMode: 'Cash',
        receiptNo: '3302',
        newDueDate: new Date(Date.now() + 50 * 24 * 3600 * 1000).toISOString().slice(0, 10),
        receiptPhoto: await t.uploadPhoto(priya.headers, { r: 9, g: 9, b: 9 }),
      },
    });
    const { paymentId, receiptNumber } = pay.json();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}&paymentId=${paymentId}`,
      headers: priya.headers,
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Fee Receipt',
      studentId,
      'Aarav Kulkarni',
      receiptNumber,
      '3302',
      '₹2,349.50',
      'Rupees Two Thousand Three Hundred Forty Nine and Fifty Paise Only',
      '2nd instalment',
      '₹4,850.00',
      '₹5,000.00',
      'Received with thanks',
      instituteAddress,
      institutePhone,
      'Receipt Book No.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('3301');
    expect(text).not.toContain('Counsellor Receipt');

    // The registration's own payment has its receipt too, as things stood right after it.
    const payments = (await t.app.deps.db.select().from(paymentsTable).where(eq(paymentsTable.studentId, studentId)))
      .map((row) => row.paymentId)
      .sort((a, b) => a - b);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}&paymentId=${payments[0]}`,
      headers: priya.headers,
    });
    const firstText = pdfText(first.rawPayload);
    for (const expected of ['1st instalment', '3301', '₹2,500.50', '₹7,349.50']) {
      expect(firstText, expected).toContain(expected);
    }
  });

  it('prints a statement without a payment ID, and refuses unknown students and payments', async () => {
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}`,
      headers: priya.headers,
    });
    expect(pdfText(statement.rawPayload)).toContain('Fee Statement');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}`,
      headers: rahul.headers,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.studentNotFoundPdf);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}&paymentId=999999`,
      headers: priya.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
