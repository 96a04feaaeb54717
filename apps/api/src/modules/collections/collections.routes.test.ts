import { defaultSettlementAccounts, owedPaise } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import { toPaise } from '@app/domain/money.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
let t: TestApp;
let priya: Staff;
let rahul: Staff;
let photo: string;
const today = new Date().toISOString().slice(0, 10);
const rowsOf = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> =>
  executeRows<T>(t.app.deps.db, query);
const future = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'College', capicity: 10000 }]);
  priya = await t.createStaff({ role: 'counsellor' }); // 10 % commission
  rahul = await t.createStaff({ role: 'counsellor' });
  photo = await t.uploadPhoto(priya.headers);
});
afterAll(() => t.close());

const register = (staff: Staff, amountPaid: number): Promise<string> =>
  registerStudent(t, staff.headers, registrationForm({ studentPhoto: photo, receiptPhoto: photo, amountPaid }));

/** Settles with a valid body changed by `change`, less the field `omit`. */
const settle = (staff: Staff, change: Record<string, unknown>, omit?: string) => {
  const payload: Record<string, unknown> = {
    counsellorId: staff.uuid,
    counsellorName: 'x',
    remark: defaultSettlementAccounts[0],
    proofUrl: photo,
    paymentDate: today,
    ...change,
  };
  if (omit) delete payload[omit];
  return t.app.inject({ method: 'POST', url: '/api/counsellor/myCollection/settle', headers: staff.headers, payload });
};
const summary = async (staff: Staff, headers = staff.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${staff.uuid}`, headers })).json();
const history = async (staff: Staff, headers = staff.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/payments/${staff.uuid}`, headers })).json();
const verify = async (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/collection/${id}/verify`, headers: await t.adminAuth(), payload });

describe('the cash ledger', () => {
  it('owes the fees collected less commission; verified settlements reduce it, pending and rejected do not', async () => {
    // A counsellor of its own: other tests of this file settle for Priya, in any order.
    const priya = await t.createStaff({ role: 'counsellor' });
    await register(priya, 5000);
    expect(await summary(priya)).toMatchObject({
      totalAmount: 5000,
      commissionRate: 10,
      actualAmount: 4500,
      collectedAmount: 0,
      balance: 4500,
      pendingAmount: 0,
      lastCollectedDate: null,
    });

    expect((await settle(priya, { amountPaid: 1000 })).statusCode).toBe(201);
    expect((await settle(priya, { amountPaid: 500.5, remark: 'Other: Cash handed to the director' })).statusCode).toBe(
      201,
    );
    expect(await summary(priya)).toMatchObject({ pendingAmount: 1500.5, balance: 4500 });
    const [other, first] = await history(priya);
    expect(first).toMatchObject({ amountPaid: 1000, verifyStatus: 'pending', remark: defaultSettlementAccounts[0] });
    expect(other.remark).toBe('Other: Cash handed to the director');
    expect(first.proofUrl).toMatch(/^\/api\/files\/[0-9a-f]{64}\.jpg$/);

    expect((await verify(first.id, { status: 'verified' })).statusCode).toBe(200);
    expect(
      (await verify(other.id, { status: 'rejected', reason: 'No such deposit in the bank statement' })).statusCode,
    ).toBe(200);
    expect(await summary(priya)).toMatchObject({
      collectedAmount: 1000,
      pendingAmount: 0,
      balance: 3500,
      lastCollectedDate: today,
    });
    expect((await history(priya))[0]).toMatchObject({
      verifyStatus: 'rejected',
      rejectionReason: 'No such deposit in the bank statement',
    });
    const again = await verify(first.id, { status: 'rejected', reason: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.settlementAlreadyDecided);
  });

  it.each([
    [{ amountPaid: 0.5 }, messages.settlementAmountInvalid],
    [{ amountPaid: 'ten' }, messages.settlementAmountInvalid],
    [{ amountPaid: 10.001 }, messages.settlementAmountInvalid],
    [{ amountPaid: 1_000_000 }, messages.settlementAboveBalance],
    [{ amountPaid: 10, proofUrl: '' }, messages.settlementProofRequired],
    [{ amountPaid: 10, proofUrl: `/api/files/${'c'.repeat(64)}.jpg` }, messages.photoNotStored],
    [{ amountPaid: 10, paymentDate: '' }, messages.settlementDateRequired],
    [{ amountPaid: 10 }, messages.settlementDateRequired, 'paymentDate'],
    [{ amountPaid: 10, paymentDate: future(3) }, messages.settlementDateRange],
    [{ amountPaid: 10, paymentDate: '0000-01-01' }, messages.invalidDate],
    [{ amountPaid: 10, paymentDate: '2020-01-01' }, messages.settlementDateRange],
    [{ amountPaid: '0x10' }, messages.settlementAmountInvalid],
    [{ amountPaid: true }, messages.settlementAmountInvalid],
    [{ amountPaid: [50] }, messages.settlementAmountInvalid],
    [{ amountPaid: 10, remark: 'Bank\u0000A' }, messages.textControlCharacters],
    [{ amountPaid: 10, remark: 'Other Account' }, messages.settlementOtherRequired],
    [{ amountPaid: 10, remark: 'Other:  ' }, messages.settlementOtherRequired],
  ])('refuses %j and records nothing', async (change, message, omit?: string) => {
    const before = (await history(priya)).length;
    const response = await settle(priya, change, omit);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await history(priya)).length).toBe(before);
  });

  it('requires a reason to reject', async () => {
    await register(rahul, 1000);
    await settle(rahul, { amountPaid: 100 });
    const [row] = await history(rahul);
    const response = await verify(row.id, { status: 'rejected' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.rejectionReasonRequired);
  });

  it("keeps a counsellor to their own ledger, lets an admin see anyone's, and only admins verify", async () => {
    await register(rahul, 1000);
    expect((await settle(rahul, { amountPaid: 100 })).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${rahul.uuid}`, headers: priya.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/counsellor/collection/payments/${rahul.uuid}`,
          headers: priya.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await summary(rahul, await t.adminAuth())).counsellorId).toBe(rahul.uuid);
    const [row] = await history(rahul);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/collection/${row.id}/verify`,
          headers: priya.headers,
          payload: { status: 'verified' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/counsellor/collection/00000000-0000-4000-8000-000000000000',
          headers: await t.adminAuth(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes its receiving accounts from configuration that an admin changes', async () => {
    await register(priya, 1000);
    const accounts = ['Company current account, Bank of Maharashtra'];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settlementAccounts',
      headers: await t.adminAuth(),
      payload: { accounts },
    });
    expect(put.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/settlementAccounts', headers: priya.headers })).json()
        .data,
    ).toEqual(accounts);
    // The accounts are suggestions: a remark naming another account (the existing client's own list) is kept.
    expect((await settle(priya, { amountPaid: 1, remark: accounts[0] })).statusCode).toBe(201);
    expect((await settle(priya, { amountPaid: 1, remark: 'Personal account of Ramesh' })).statusCode).toBe(201);
    expect((await history(priya))[0].remark).toBe('Personal account of Ramesh');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settlementAccounts',
      headers: await t.adminAuth(),
      payload: { accounts: defaultSettlementAccounts },
    });
  });
});

describe('concurrency', () => {
  it('20 parallel settlements on one counsellor never settle more than is owed', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    await register(counsellor, 1000); // owes ₹900 at 10 %
    const results = await Promise.all(
      Array.from({ length: 20 }, () => settle(counsellor, { amountPaid: 100, proofUrl: photo })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(9);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().message === messages.settlementAboveBalance),
    ).toBe(true);
    expect(await summary(counsellor)).toMatchObject({ pendingAmount: 900, balance: 900 });
  });
});

describe('invariants over random sequences', () => {
  it('balance = Σ payments × (1 − commission) − Σ verified settlements, and no remaining below zero', async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const team = [await t.createStaff({ role: 'counsellor' }), await t.createStaff({ role: 'counsellor' })];
    const students: { id: string; staff: Staff }[] = [];

    const check = async () => {
      for (const staff of team) {
        const [row] = await rowsOf<{ paid: string; verified: string; bp: number }>(sql`
            select
              (select coalesce(sum(amount_paise), 0) from payments where created_by = ${staff.uuid})::bigint as paid,
              (select coalesce(sum(amount_paise), 0) from settlements where counsellor_id = ${staff.uuid} and verify_status = 'verified')::bigint as verified,
              (select commission_bp from users where uuid = ${staff.uuid}) as bp`);
        const expected = owedPaise(Number(row?.paid), Number(row?.bp)) - Number(row?.verified);
        expect(toPaise((await summary(staff)).balance)).toBe(expected);
      }
      const [negative] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from students where remaining_paise < 0`,
      );
      expect(negative?.n).toBe(0);
    };

    for (let step = 0; step < 40; step += 1) {
      const staff = team[Math.floor(random() * team.length)] as Staff;
      const action = random();
      if (action < 0.25 || students.length === 0) {
        students.push({ id: await register(staff, Math.round(random() * 5000)), staff });
      } else if (action < 0.6) {
        const target = students[Math.floor(random() * students.length)] as { id: string; staff: Staff };
        await t.app.inject({
          method: 'POST',
          url: '/api/counsellor/makePayment',
          headers: target.staff.headers,
          payload: {
            studentId: target.id,
            amountPaid: Math.round(random() * 3000) + 0.25,
            paymentMode: 'Cash',
            newDueDate: future(9),
            receiptPhoto: photo,
          },
        });
      } else if (action < 0.85) {
        await settle(staff, { amountPaid: Math.round(random() * 2000) + 1 });
      } else {
        const pending = (await history(staff)).filter(
          (row: { verifyStatus: string }) => row.verifyStatus === 'pending',
        );
        if (pending[0])
          await verify(
            pending[0].id,
            random() < 0.7 ? { status: 'verified' } : { status: 'rejected', reason: 'Not in the bank' },
          );
      }
      await check();
    }
  });
});
