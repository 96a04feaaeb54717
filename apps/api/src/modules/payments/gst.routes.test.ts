import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { readFirstSheet } from '../../lib/spreadsheet/read-workbook';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { brokenLedgerInvariants } from '../../testing/ledger-invariants';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { gstSummary } from './gst-summary.service';
import { issueReceiptNumber } from './receipt-series';

let t: TestApp;
let admin: Record<string, string>;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
/** Read before any test (they run in a random order): the settings and a receipt of a fresh install. */
let fresh: { settings: unknown; receipt: { systemReceiptNo: string; gstin: string | null } | undefined };
const indianToday = () => new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
const settings = {
  gstin: '27abcde1234f1z5',
  legalName: 'Mock Board Exams Private Limited',
  address: '14, Shivaji Nagar, Pune 411005',
  bankName: 'Bank of Maharashtra',
  bankAccount: '60123456789',
  ifsc: 'MAHB0000123',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 1000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  photo = await t.uploadPhoto(priya.headers);
  const id = await registerStudent(t, priya.headers, registrationForm({ studentPhoto: photo, receiptPhoto: photo }));
  fresh = {
    settings: (await t.app.inject({ method: 'GET', url: '/api/admin/gstSettings', headers: admin })).json(),
    receipt: (await paymentsOf(id))[0],
  };
});
afterAll(() => t.close());

const put = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/gstSettings', headers, payload });
const paymentsOf = (studentId: string) =>
  t.app.deps.db.select().from(payments).where(eq(payments.studentId, studentId)).orderBy(payments.paymentId);

describe('GST receipts', () => {
  it('are off by default: receipts keep the plain series and carry no tax', async () => {
    expect(fresh.settings).toMatchObject({ enabled: false, gstin: '' });
    const row = fresh.receipt;
    expect(row?.systemReceiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(row?.gstin).toBeNull();
  });

  it('refuses a malformed GSTIN and a counsellor', async () => {
    expect((await put({ ...settings, gstin: '27ABCDE1234F1X5' })).json().message).toBe(messages.gstinInvalid);
    expect((await put({ ...settings, legalName: '' })).json().message).toBe(messages.gstLegalNameRequired);
    expect((await put(settings, priya.headers)).statusCode).toBe(403);
  });

  it('with a GSTIN, receipts are tax receipts of their own series with an exact split, on the PDF and in the month summary', async () => {
    const saved = await put(settings);
    expect(saved.json()).toMatchObject({ enabled: true, gstin: '27ABCDE1234F1Z5', message: messages.gstSettingsSaved });
    const id = await registerStudent(
      t,
      priya.headers,
      registrationForm({ studentPhoto: photo, receiptPhoto: photo, amountPaid: 2000 }),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers: priya.headers,
      payload: {
        studentId: id,
        amountPaid: 1000,
        paymentMode: 'Online',
        newDueDate: indianToday(),
        receiptPhoto: photo,
      },
    });
    const [first, second] = await paymentsOf(id);
    // Tests run in a random order: another may have taken a tax receipt of this year already.
    expect(first?.systemReceiptNo).toMatch(/^GST\/\d{4}-\d{2}\/\d{6}$/);
    const sequence = (row?: { systemReceiptNo: string }) => Number(row?.systemReceiptNo.split('/')[2]);
    expect(sequence(second)).toBe(sequence(first) + 1);
    expect(first).toMatchObject({
      gstin: '27ABCDE1234F1Z5',
      taxablePaise: 169_492,
      cgstPaise: 15_254,
      sgstPaise: 15_254,
    });
    for (const row of [first, second]) {
      expect((row?.taxablePaise ?? 0) + (row?.cgstPaise ?? 0) + (row?.sgstPaise ?? 0)).toBe(row?.amountPaise);
    }

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${id}&paymentId=${first?.paymentId}`,
      headers: priya.headers,
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Tax Receipt');
    expect(text).toContain('27ABCDE1234F1Z5');
    expect(text).toContain('999293');
    expect(text).toMatch(/Taxable value\s+₹\s?1,694\.92/);
    expect(text).toContain('MAHB0000123');

    // The second receipt is cancelled, a part of the first refunded: marked, left out, a credit entry.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/payments/${second?.paymentId}/cancel`,
      headers: admin,
      payload: { reason: 'Entered twice' },
    });
    const refund = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin,
      payload: {
        paymentId: first?.paymentId,
        amount: 118,
        refundMode: 'Cash',
        refundedOn: indianToday(),
        reason: 'Course change',
      },
    });
    expect(refund.statusCode).toBe(201);

    const month = indianToday().slice(0, 7);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/admin/gstSummary.xlsx?month=${month}`,
      headers: admin,
    });
    expect(sheet.statusCode).toBe(200);
    const rows = await readFirstSheet(sheet.rawPayload);
    const cells = rows.map((row) => [...row.cells.values()].map((cell) => ('value' in cell ? cell.value : null)));
    const cancelled = cells.find((row) => row.includes(second?.systemReceiptNo ?? '-'));
    expect(cancelled).toContain('Cancelled');
    const credit = cells.find((row) => row.includes('Credit (refund)'));
    expect(credit?.slice(-4)).toEqual([-100, -9, -9, -118]);
    const total = cells.at(-1);
    // Only the first receipt (₹2,000) less the refund (₹118) counts.
    expect(total?.slice(-4)).toEqual(
      [1694.92 - 100, 152.54 - 9, 152.54 - 9, 2000 - 118].map((n) => Number(n.toFixed(2))),
    );
    expect(await brokenLedgerInvariants(t, admin)).toEqual([]);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/gstSummary.xlsx?month=2026-13', headers: admin })).json()
        .message,
    ).toBe(messages.gstMonthInvalid);
  });

  it('the series restarts on 1 April, and a blank GSTIN turns it off again', async () => {
    expect((await put(settings)).statusCode).toBe(200);
    const numbers = await t.app.deps.db.transaction(async (tx) => [
      (await issueReceiptNumber(tx, { amountPaise: 100, today: '2031-03-31' })).systemReceiptNo,
      (await issueReceiptNumber(tx, { amountPaise: 100, today: '2031-04-01' })).systemReceiptNo,
      (await issueReceiptNumber(tx, { amountPaise: 100, today: '2031-04-02' })).systemReceiptNo,
    ]);
    expect(numbers).toEqual(['GST/2030-31/000001', 'GST/2031-32/000001', 'GST/2031-32/000002']);
    expect((await put({ ...settings, gstin: '' })).json().enabled).toBe(false);
    const plain = await t.app.deps.db.transaction((tx) =>
      issueReceiptNumber(tx, { amountPaise: 100, today: '2031-04-03' }),
    );
    expect(plain).toEqual({ systemReceiptNo: '2031-32/000001' });
  });

  it("puts a receipt in the Indian month it was taken: 00:10 on 1 April in India is April's, though March's in UTC", async () => {
    expect((await put(settings)).statusCode).toBe(200);
    const id = await registerStudent(t, priya.headers, registrationForm({ studentPhoto: photo, receiptPhoto: photo }));
    const [row] = await paymentsOf(id);
    // Only the test moves a receipt in time, to stand it just after midnight in India (18:40 UTC the day before).
    await t.app.deps.db
      .update(payments)
      .set({ createdAt: new Date('2031-03-31T18:40:00Z') })
      .where(eq(payments.paymentId, row?.paymentId ?? 0));
    const numbers = async (month: string) => (await gstSummary(t.app.deps.db, { month })).lines.map((l) => l.number);
    expect(await numbers('2031-04')).toEqual([row?.systemReceiptNo]);
    expect(await numbers('2031-03')).toEqual([]);
    expect((await gstSummary(t.app.deps.db, { month: '2031-04' })).lines[0]?.date).toBe('2031-04-01');
  });
});
