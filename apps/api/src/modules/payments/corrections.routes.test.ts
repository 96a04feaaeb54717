import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, refunds, students } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { brokenLedgerInvariants } from '../../testing/ledger-invariants';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
const future = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
const today = () => new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 1000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil' });
  photo = await t.uploadPhoto(priya.headers);
});
afterAll(() => t.close());

/** A 10th student (₹5,850) of Priya's who paid `paid` at registration, then `instalment` (if any). */
async function student(paid = 2000, instalment?: number, headers = priya.headers) {
  const form = registrationForm({ studentPhoto: photo, receiptPhoto: photo, amountPaid: paid });
  const studentId = await registerStudent(t, headers, paid >= 5850 ? { ...form, dueDate: null } : form);
  if (instalment) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers,
      payload: { studentId, amountPaid: instalment, paymentMode: 'Cash', newDueDate: future(30), receiptPhoto: photo },
    });
    expect(response.statusCode).toBe(201);
  }
  const rows = await t.app.deps.db
    .select()
    .from(payments)
    .where(eq(payments.studentId, studentId))
    .orderBy(payments.paymentId);
  return { studentId, paymentIds: rows.map((row) => row.paymentId) };
}

const cancel = (
  paymentId: number,
  payload: Record<string, unknown> = { reason: 'Entered against the wrong student' },
  headers = admin,
) => t.app.inject({ method: 'PUT', url: `/api/admin/payments/${paymentId}/cancel`, headers, payload });
const refund = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/refunds',
    headers,
    payload: { refundMode: 'Online', refundedOn: today(), reason: 'Family withdrew', ...payload },
  });
const studentRow = async (studentId: string) =>
  (await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId)))[0];
const expectInvariants = async () => expect(await brokenLedgerInvariants(t, admin)).toEqual([]);

describe('cancelling a receipt', () => {
  it('marks it cancelled, gives the balance back, keeps it in every list and writes the audit in words', async () => {
    const { studentId, paymentIds } = await student(2000, 1000);
    const [, second] = paymentIds as [number, number];
    const before = await studentRow(studentId);
    const response = await cancel(second);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.receiptCancelled,
      amountPaid: 2000,
      amountRemaining: 3850,
      dueDate: before?.dueDate,
    });
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 200_000, remainingPaise: 385_000 });
    const [row] = await t.app.deps.db.select().from(payments).where(eq(payments.paymentId, second));
    expect(row?.cancelReason).toBe('Entered against the wrong student');

    const records = await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: priya.headers });
    const summary = records.json().studentData.find((s: { studentId: string }) => s.studentId === studentId);
    expect(summary.payments).toHaveLength(2);
    expect(summary.payments.find((p: { paymentId: number }) => p.paymentId === second)).toMatchObject({
      cancelReason: 'Entered against the wrong student',
      cancelledAt: expect.any(String),
    });

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(second)))
      .orderBy(auditLog.id);
    const history = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.studentId, studentId));
    expect(entry).toBeDefined();
    const cancelled = history.find((e) => e.action === 'cancel');
    expect(cancelled?.entityName).toMatch(/^Receipt \d{4}-\d{2}\/\d{6}$/);
    expect(cancelled?.after).toMatchObject({ cancelled: true, cancelReason: 'Entered against the wrong student' });

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/payment-receipt?studentId=${studentId}&paymentId=${second}`,
      headers: admin,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('CANCELLED on');
    expect(text).toContain('Entered against the wrong student');
    const statement = pdfText(
      (await t.app.inject({ method: 'GET', url: `/api/pdf/payment-receipt?studentId=${studentId}`, headers: admin }))
        .rawPayload,
    );
    expect(statement).toMatch(/CANCELLED ₹\s?1,000/);
    await expectInvariants();
  });

  it('asks for a due date when the student had paid everything, then takes it through the due-date rule', async () => {
    const { studentId, paymentIds } = await student(5850);
    const first = paymentIds[0] as number;
    expect((await cancel(first)).json().message).toBe(messages.dueDateRequired);
    expect((await cancel(first, { reason: 'Cheque bounced', dueDate: '2020-01-01' })).json().message).toBe(
      messages.dueDatePast,
    );
    const response = await cancel(first, { reason: 'Cheque bounced', dueDate: future(15) });
    expect(response.json()).toMatchObject({ amountPaid: 0, amountRemaining: 5850, dueDate: future(15) });
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 0, remainingPaise: 585_000, dueDate: future(15) });
    await expectInvariants();
  });

  it('refuses a second cancellation, a counsellor, an unknown receipt and a missing reason; changes nothing', async () => {
    const { studentId, paymentIds } = await student(2000, 500);
    const second = paymentIds[1] as number;
    expect((await cancel(second, { reason: 'x' }, priya.headers)).statusCode).toBe(403);
    expect((await cancel(second, { reason: '  ' })).json().message).toBe(messages.correctionReasonRequired);
    expect((await cancel(99_999_999)).statusCode).toBe(404);
    expect((await studentRow(studentId))?.paidPaise).toBe(250_000);
    expect((await cancel(second)).statusCode).toBe(200);
    const again = await cancel(second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.paymentAlreadyCancelled);
    expect((await studentRow(studentId))?.paidPaise).toBe(200_000);
  });

  it('20 concurrent cancellations of one receipt cancel it exactly once', async () => {
    const { studentId, paymentIds } = await student(2000, 1200);
    const second = paymentIds[1] as number;
    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(second)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 200_000, remainingPaise: 385_000 });
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(second)));
    expect(entries.filter((e) => e.action === 'cancel')).toHaveLength(1);
    await expectInvariants();
  });

  it("a settled cash receipt cancelled leaves the counsellor's cash below zero, and says so", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Sneha Joshi' });
    const { studentId, paymentIds } = await student(3000, undefined, counsellor.headers);
    // Sneha hands over all she holds (₹3,000 less her commission), and an admin verifies it.
    const ledger = (
      await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${counsellor.uuid}`, headers: admin })
    ).json();
    const settle = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/myCollection/settle',
      headers: counsellor.headers,
      payload: { amountPaid: ledger.balance, remark: 'Other: cash to office', proofUrl: photo, paymentDate: today() },
    });
    expect(settle.statusCode).toBe(201);
    const [{ id }] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/counsellor/collection/payments/${counsellor.uuid}`,
        headers: admin,
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/collection/${id}/verify`,
      headers: admin,
      payload: { status: 'verified' },
    });

    const response = await cancel(paymentIds[0] as number, { reason: 'Counterfeit notes', dueDate: future(10) });
    expect(response.json().warning).toBe(messages.counsellorOverSettled);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${counsellor.uuid}`, headers: admin })
    ).json();
    expect(after.totalAmount).toBe(0);
    expect(after.balance).toBe(-ledger.balance);
    // Nothing more can be settled while the company owes her.
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/myCollection/settle',
      headers: counsellor.headers,
      payload: { amountPaid: 1, remark: 'Other: cash to office', proofUrl: photo, paymentDate: today() },
    });
    expect(more.json().message).toBe(messages.settlementAboveBalance);
    expect((await studentRow(studentId))?.paidPaise).toBe(0);
    await expectInvariants();
  });
});

describe('cancellation requests', () => {
  const ask = (paymentId: number, headers: Record<string, string>, reason = 'Parent paid twice by mistake') =>
    t.app.inject({
      method: 'POST',
      url: `/api/counsellor/payments/${paymentId}/cancellationRequest`,
      headers,
      payload: { reason },
    });
  const decide = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/cancellationRequests/${id}`, headers: admin, payload });
  const pending = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancellationRequests?status=pending', headers: admin })
    ).json().data as { id: number; paymentId: number; requestedBy: string; reason: string }[];

  it('a counsellor asks for their own receipt once; the admin rejects with a reason, or approves and it is cancelled', async () => {
    const { studentId, paymentIds } = await student(2000, 800);
    const second = paymentIds[1] as number;
    expect((await ask(second, rahul.headers)).statusCode).toBe(404);
    expect((await ask(second, priya.headers)).statusCode).toBe(201);
    expect((await ask(second, priya.headers)).json().message).toBe(messages.cancellationAlreadyRequested);
    const request = (await pending()).find((r) => r.paymentId === second);
    expect(request).toMatchObject({ requestedBy: 'Priya Deshmukh', reason: 'Parent paid twice by mistake' });
    const id = request?.id as number;

    expect((await decide(id, { status: 'rejected' })).json().message).toBe(
      messages.cancellationRejectionReasonRequired,
    );
    expect((await decide(id, { status: 'rejected', reason: 'Receipt is right' })).json().message).toBe(
      messages.cancellationRejected,
    );
    expect((await decide(id, { status: 'approved' })).json().message).toBe(messages.cancellationAlreadyDecided);
    expect((await studentRow(studentId))?.paidPaise).toBe(280_000);

    expect((await ask(second, priya.headers)).statusCode).toBe(201);
    const again = (await pending()).find((r) => r.paymentId === second)?.id as number;
    const approved = await decide(again, { status: 'approved' });
    expect(approved.json()).toMatchObject({ message: messages.receiptCancelled, amountPaid: 2000 });
    expect((await studentRow(studentId))?.paidPaise).toBe(200_000);
    expect((await ask(second, priya.headers)).json().message).toBe(messages.paymentAlreadyCancelled);
    await expectInvariants();
  });

  it('20 concurrent approvals of one request cancel the receipt exactly once', async () => {
    const { studentId, paymentIds } = await student(2000, 700);
    const second = paymentIds[1] as number;
    await ask(second, priya.headers);
    const id = (await pending()).find((r) => r.paymentId === second)?.id as number;
    const results = await Promise.all(Array.from({ length: 20 }, () => decide(id, { status: 'approved' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await studentRow(studentId))?.paidPaise).toBe(200_000);
    await expectInvariants();
  });

  it('an admin cancelling directly closes a waiting request as approved', async () => {
    const { paymentIds } = await student(2000, 300);
    const second = paymentIds[1] as number;
    await ask(second, priya.headers);
    expect((await cancel(second)).statusCode).toBe(200);
    expect((await pending()).some((r) => r.paymentId === second)).toBe(false);
  });
});

describe('refunds', () => {
  it('pays money back with its own voucher number and PDF, and lowers what was paid', async () => {
    const { studentId, paymentIds } = await student(2000, 1000);
    const second = paymentIds[1] as number;
    const response = await refund({ paymentId: second, amount: 400.5 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ message: messages.refundRecorded, amountPaid: 2599.5, amountRemaining: 3250.5 });
    expect(body.voucherNumber).toMatch(/^RF\/\d{4}-\d{2}\/\d{6}$/);
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 259_950, remainingPaise: 325_050 });

    const records = await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: priya.headers });
    const summary = records.json().studentData.find((s: { studentId: string }) => s.studentId === studentId);
    expect(summary.refunds).toEqual([
      expect.objectContaining({
        voucherNumber: body.voucherNumber,
        amount: 400.5,
        paymentId: second,
        createdBy: 'Administrator',
      }),
    ]);

    const voucher = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/refund-voucher?refundId=${body.refundId}`,
      headers: priya.headers,
    });
    expect(voucher.statusCode).toBe(200);
    const text = pdfText(voucher.rawPayload);
    expect(text).toContain(body.voucherNumber);
    expect(text).toContain('Family withdrew');
    expect(text).toMatch(/Four Hundred/i);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/refund-voucher?refundId=${body.refundId}`,
      headers: rahul.headers,
    });
    expect(other.statusCode).toBe(404);

    // A refunded receipt cannot be cancelled; a cancelled one cannot be refunded.
    expect((await cancel(second)).json().message).toBe(messages.paymentHasRefunds);
    const first = paymentIds[0] as number;
    expect((await cancel(first)).statusCode).toBe(200);
    expect((await refund({ paymentId: first, amount: 1 })).json().message).toBe(messages.refundOfCancelledPayment);
    await expectInvariants();
  });

  it('never refunds more than the receipt less its refunds', async () => {
    const { studentId, paymentIds } = await student(2000, 1000);
    const second = paymentIds[1] as number;
    expect((await refund({ paymentId: second, amount: 1000.01 })).json().message).toBe(messages.refundAmountInvalid);
    expect((await refund({ paymentId: second, amount: 600 })).statusCode).toBe(201);
    expect((await refund({ paymentId: second, amount: 400.01 })).statusCode).toBe(400);
    expect((await refund({ paymentId: second, amount: 400 })).statusCode).toBe(201);
    expect((await refund({ paymentId: second, amount: 0.01 })).statusCode).toBe(400);
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 200_000, remainingPaise: 385_000 });
    expect((await refund({ paymentId: second, amount: 1, refundedOn: future(3) })).json().message).toBe(
      messages.refundDateRange,
    );
    expect((await refund({ paymentId: second, amount: 1 }, priya.headers)).statusCode).toBe(403);
    // The mode is the admin's to say: none (or a blank one) is refused, and nothing changes.
    for (const refundMode of [undefined, '']) {
      const answer = await refund({ paymentId: second, amount: 1, refundMode });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(messages.paymentModeInvalid);
    }
    expect(await studentRow(studentId)).toMatchObject({ paidPaise: 200_000, remainingPaise: 385_000 });
    await expectInvariants();
  });

  it('a page of Payment Records read while refunds commit shows each refund with its balance (one snapshot)', async () => {
    const { studentId, paymentIds } = await student(2000, 3000);
    const [, receipt] = paymentIds;
    if (receipt === undefined) throw new Error(`the instalment of ${studentId} was not recorded`);
    let refunding = true;
    const refundsDone = (async () => {
      for (let n = 0; n < 25; n += 1) expect((await refund({ paymentId: receipt, amount: 1 })).statusCode).toBe(201);
      refunding = false;
    })();
    type Summary = {
      studentId: string;
      amountPaid: number;
      payments: { amountPaid: number; cancelledAt: string | null }[];
      refunds: { amount: number }[];
    };
    const mixed: string[] = [];
    let pages = 0;
    while (refunding) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({
            method: 'GET',
            url: `/api/counsellor/getPayments?page=1&search=${studentId}`,
            headers: admin,
          }),
        ),
      );
      for (const answer of answers) {
        pages += 1;
        const summary = (answer.json().data as Summary[]).find((row) => row.studentId === studentId);
        if (!summary) throw new Error(`no summary of ${studentId}: ${answer.body}`);
        const paid = summary.payments.reduce((sum, p) => sum + (p.cancelledAt ? 0 : p.amountPaid), 0);
        const refunded = summary.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (summary.amountPaid !== paid - refunded)
          mixed.push(`paid ${summary.amountPaid} with ${summary.refunds.length} refunds of ₹1`);
      }
    }
    await refundsDone;
    expect(pages).toBeGreaterThan(4);
    expect(mixed).toEqual([]);
  });

  it('20 concurrent refunds of a whole receipt refund it exactly once, with gapless vouchers', async () => {
    const { studentId, paymentIds } = await student(2000, 1500);
    const second = paymentIds[1] as number;
    const results = await Promise.all(Array.from({ length: 20 }, () => refund({ paymentId: second, amount: 1500 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    expect(await t.app.deps.db.select().from(refunds).where(eq(refunds.paymentId, second))).toHaveLength(1);
    expect((await studentRow(studentId))?.paidPaise).toBe(200_000);
    const vouchers = (await t.app.deps.db.select({ n: refunds.voucherNo }).from(refunds)).map((r) =>
      Number(r.n.split('/')[2]),
    );
    vouchers.sort((a, b) => a - b);
    expect(vouchers).toEqual(Array.from({ length: vouchers.length }, (_, i) => i + 1));
    await expectInvariants();
  });
});
