import { defaultSettlementAccounts, owedPaise } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import { toPaise } from '@app/domain/money.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp, type TestStaff } from '../../testing/test-app';

let t: TestApp;
let priya: TestStaff;
let rahul: TestStaff;
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

const register = (staff: TestStaff, amountPaid: number): Promise<string> =>
  registerStudent(t, staff.headers, registrationForm({ studentPhoto: photo, receiptPhoto: photo, amountPaid }));

/** Settles with a valid body changed by `change`, less the field `omit`. */
const settle = (staff: TestStaff, change: Record<string, unknown>, omit?: string) => {
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
const summary = async (staff: TestStaff, headers = staff.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${staff.uuid}`, headers })).json();
const history = async (staff: TestStaff, headers = staff.headers) =>
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
    const students: { id: string; staff: TestStaff }[] = [];

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
      const staff = team[Math.floor(random() * team.length)] as TestStaff;
      const action = random();
      if (action < 0.25 || students.length === 0) {
        students.push({ id: await register(staff, Math.round(random() * 5000)), staff });
      } else if (action < 0.6) {
        const target = students[Math.floor(random() * students.length)] as { id: string; staff: TestStaff };
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
      } else if (action < 0.9) {
        const verified = (await history(staff)).filter(
          (row: { verifyStatus: string }) => row.verifyStatus === 'verified',
        );
        if (verified[0])
          await t.app.inject({
            method: 'PUT',
            url: `/api/admin/collection/${verified[0].id}/reverse`,
            headers: await t.adminAuth(),
            payload: { reason: 'Not in the bank statement' },
          });
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

describe('corrections: edit, withdraw, reverse', () => {
  const edit = (staff: TestStaff, id: number, change: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/myCollection/settlements/${id}`,
      headers: staff.headers,
      payload: {
        amountPaid: 100,
        remark: defaultSettlementAccounts[1],
        proofUrl: photo,
        paymentDate: today,
        ...change,
      },
    });
  const withdraw = (staff: TestStaff, id: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/myCollection/settlements/${id}/withdraw`,
      headers: staff.headers,
    });
  const reverse = async (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/collection/${id}/reverse`, headers: await t.adminAuth(), payload });
  const auditOf = (id: number) =>
    rowsOf<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      sql`select action, before, after from audit_log where entity = 'settlement' and entity_id = ${String(id)} order by id`,
    );
  /** A counsellor of its own who owes ₹900 and has settled `amount`, pending; answers the settlement's id. */
  const pendingSettlement = async (amount = 300) => {
    const staff = await t.createStaff({ role: 'counsellor' });
    await register(staff, 1000);
    expect((await settle(staff, { amountPaid: amount })).statusCode).toBe(201);
    const [row] = await history(staff);
    return { staff, id: row.id as number };
  };

  it('lets the counsellor correct a pending settlement within what is owed, audited in words', async () => {
    const { staff, id } = await pendingSettlement();
    const changed = await edit(staff, id, { amountPaid: 450.5, remark: 'Other: Handed to the director' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(messages.settlementUpdated);
    expect((await history(staff))[0]).toMatchObject({
      id,
      amountPaid: 450.5,
      remark: 'Other: Handed to the director',
      verifyStatus: 'pending',
    });
    expect(await summary(staff)).toMatchObject({ pendingAmount: 450.5, balance: 900 });
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]?.before).toMatchObject({ amountPaise: 30_000, remark: defaultSettlementAccounts[0] });
    expect(entries[1]?.after).toMatchObject({ amountPaise: 45_050, remark: 'Other: Handed to the director' });

    // Above what is owed (the settlement's own amount does not count against itself), or refused input.
    const above = await edit(staff, id, { amountPaid: 900.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(messages.settlementAboveBalance);
    expect((await edit(staff, id, { amountPaid: 900 })).statusCode).toBe(200);
    for (const [change, message] of [
      [{ amountPaid: 0 }, messages.settlementAmountInvalid],
      [{ proofUrl: '' }, messages.settlementProofRequired],
      [{ remark: 'Other Account' }, messages.settlementOtherRequired],
      [{ paymentDate: future(3) }, messages.settlementDateRange],
    ] as const) {
      const refused = await edit(staff, id, change);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await history(staff))[0]).toMatchObject({ amountPaid: 900, remark: defaultSettlementAccounts[1] });
    expect(await auditOf(id)).toHaveLength(3);

    // Another counsellor's settlement reads as unknown; once decided, it can no longer be changed.
    expect((await edit(priya, id)).statusCode).toBe(404);
    expect((await withdraw(priya, id)).statusCode).toBe(404);
    expect((await verify(id, { status: 'verified' })).statusCode).toBe(200);
    const late = await edit(staff, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.settlementNotPending);
    expect((await withdraw(staff, id)).statusCode).toBe(409);
    expect(await summary(staff)).toMatchObject({ collectedAmount: 900, balance: 0 });
  });

  it('withdraws a pending settlement: the row stays, marked Withdrawn, and no longer counts', async () => {
    const { staff, id } = await pendingSettlement(500);
    const response = await withdraw(staff, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.settlementWithdrawn);
    expect((await history(staff))[0]).toMatchObject({ id, amountPaid: 500, verifyStatus: 'withdrawn' });
    expect(await summary(staff)).toMatchObject({ pendingAmount: 0, collectedAmount: 0, balance: 900 });
    // The whole amount can be settled again.
    expect((await settle(staff, { amountPaid: 900 })).statusCode).toBe(201);
    const again = await withdraw(staff, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.settlementNotPending);
    expect((await verify(id, { status: 'verified' })).statusCode).toBe(409);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['create', 'withdraw']);
  });

  it("lets only an admin reverse a verified settlement, with a reason: the cash is the counsellor's again", async () => {
    const { staff, id } = await pendingSettlement(400);
    const early = await reverse(id, { reason: 'Not in the bank statement' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(messages.settlementNotVerified);
    expect((await verify(id, { status: 'verified' })).statusCode).toBe(200);
    expect(await summary(staff)).toMatchObject({ collectedAmount: 400, balance: 500, lastCollectedDate: today });

    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(301) }, { reason: 'a\u0000b' }]) {
      const refused = await reverse(id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await reverse(id, {})).json().message).toBe(messages.settlementReversalReasonRequired);
    const byCounsellor = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/collection/${id}/reverse`,
      headers: staff.headers,
      payload: { reason: 'mine' },
    });
    expect(byCounsellor.statusCode).toBe(403);
    expect((await history(staff))[0].verifyStatus).toBe('verified');

    const reversed = await reverse(id, { reason: 'Not in the bank statement' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().message).toBe(messages.settlementReversed);
    expect((await history(staff))[0]).toMatchObject({
      verifyStatus: 'reversed',
      reversalReason: 'Not in the bank statement',
    });
    expect(await summary(staff)).toMatchObject({ collectedAmount: 0, pendingAmount: 0, balance: 900 });
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'verify', 'reverse']);
    expect(entries[2]?.after).toMatchObject({ verifyStatus: 'reversed', reversalReason: 'Not in the bank statement' });
    expect((await reverse(id, { reason: 'again' })).statusCode).toBe(409);
    expect((await edit(staff, id)).statusCode).toBe(409);
    expect((await reverse(2_000_000_000, { reason: 'unknown' })).statusCode).toBe(404);
  });

  it('20 concurrent reversals reverse once; 20 concurrent withdrawals withdraw once', async () => {
    const reversing = await pendingSettlement(400);
    await verify(reversing.id, { status: 'verified' });
    const reversals = await Promise.all(
      Array.from({ length: 20 }, (_, n) => reverse(reversing.id, { reason: `Reason ${n}` })),
    );
    expect(reversals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(reversals.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await auditOf(reversing.id)).filter((entry) => entry.action === 'reverse')).toHaveLength(1);
    expect(await summary(reversing.staff)).toMatchObject({ collectedAmount: 0, balance: 900 });

    const withdrawing = await pendingSettlement(400);
    const withdrawals = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(withdrawing.staff, withdrawing.id)),
    );
    expect(withdrawals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(withdrawals.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  it('20 concurrent edits and withdrawals of one settlement end in one state the audit trail explains', async () => {
    const { staff, id } = await pendingSettlement(100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 4 === 3 ? withdraw(staff, id) : edit(staff, id, { amountPaid: 101 + n }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const entries = (await auditOf(id)).slice(1);
    // Exactly one withdrawal, and it is the last change: every answer after it was refused.
    expect(entries.filter((entry) => entry.action === 'withdraw')).toHaveLength(1);
    expect(entries.at(-1)?.action).toBe('withdraw');
    expect(entries).toHaveLength(answers.filter((r) => r.statusCode === 200).length);
    const last = entries.filter((entry) => entry.action === 'update').at(-1);
    const [row] = await history(staff);
    expect(row.verifyStatus).toBe('withdrawn');
    expect(toPaise(row.amountPaid)).toBe(last ? last.after?.amountPaise : 10_000);
    expect(await summary(staff)).toMatchObject({ pendingAmount: 0, balance: 900 });
  });

  it('20 concurrent edits of one settlement never take the pending total above what is owed', async () => {
    const { staff, id } = await pendingSettlement(100);
    expect((await settle(staff, { amountPaid: 500 })).statusCode).toBe(201); // ₹600 pending of ₹900
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => edit(staff, id, { amountPaid: 390 + n })));
    // 390 … 400 fit beside the other ₹500; 401 … 409 do not.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(9);
    const last = (await auditOf(id)).filter((entry) => entry.action === 'update').at(-1);
    const pending = (await summary(staff)).pendingAmount;
    expect(toPaise(pending)).toBe(50_000 + Number(last?.after?.amountPaise));
    expect(pending).toBeLessThanOrEqual(900);
  });
});
