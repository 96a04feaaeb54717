import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client';
import type { TestApp } from './test-app';

type Broken = { what: string; expected: number; actual: number };

/**
 * The money invariants of issue 25, checked against the database and the API (an empty list means all
 * hold): every student's paid = their non-cancelled payments − their refunds, and balance = total (fee
 * less concessions) − paid; every counsellor's collections (their cash ledger, and the Home figures)
 * count exactly their non-cancelled receipts; Payment Records and the Excel export tool show the
 * ledger's paid and remaining.
 */
export async function brokenLedgerInvariants(t: TestApp, admin: Record<string, string>): Promise<Broken[]> {
  const broken: Broken[] = [];
  const students = await executeRows<{
    student_id: string;
    total_paise: number;
    paid_paise: number;
    remaining_paise: number;
    received: string;
    refunded: string;
  }>(
    t.app.deps.db,
    sql`select s.student_id, s.total_paise, s.paid_paise, s.remaining_paise,
          (select coalesce(sum(p.amount_paise), 0) from payments p
             where p.student_id = s.student_id and p.cancelled_at is null) as received,
          (select coalesce(sum(r.amount_paise), 0) from refunds r where r.student_id = s.student_id) as refunded
        from students s order by s.student_id`,
  );
  const byId = new Map(students.map((row) => [row.student_id, row]));
  for (const row of students) {
    const paid = Number(row.received) - Number(row.refunded);
    if (paid !== row.paid_paise)
      broken.push({ what: `paid of ${row.student_id}`, expected: paid, actual: row.paid_paise });
    if (row.total_paise - paid !== row.remaining_paise) {
      broken.push({
        what: `balance of ${row.student_id}`,
        expected: row.total_paise - paid,
        actual: row.remaining_paise,
      });
    }
  }

  const counsellors = await executeRows<{ uuid: string; received: string }>(
    t.app.deps.db,
    sql`select u.uuid, coalesce(sum(p.amount_paise) filter (where p.cancelled_at is null), 0) as received
        from users u left join payments p on p.created_by = u.uuid
        where u.role = 'counsellor' group by u.uuid order by u.uuid`,
  );
  let cashInHand = 0;
  for (const { uuid, received } of counsellors) {
    const response = await t.app.inject({ method: 'GET', url: `/api/counsellor/collection/${uuid}`, headers: admin });
    const ledger = response.json();
    const collected = Math.round(Number(ledger.totalAmount) * 100);
    if (collected !== Number(received)) {
      broken.push({ what: `collections of ${uuid}`, expected: Number(received), actual: collected });
    }
    cashInHand += Math.round(Number(ledger.balance) * 100);
  }
  const home = (await t.app.inject({ method: 'GET', url: '/api/admin/home/figures', headers: admin })).json();
  const paidInAll = students.reduce((sum, row) => sum + row.paid_paise, 0);
  if (Math.round(home.collected * 100) !== paidInAll) {
    broken.push({ what: 'Home collected', expected: paidInAll, actual: Math.round(home.collected * 100) });
  }
  if (Math.round(home.cashInHand * 100) !== cashInHand) {
    broken.push({ what: 'Home cash in hand', expected: cashInHand, actual: Math.round(home.cashInHand * 100) });
  }

  const records = await t.app.inject({ method: 'GET', url: '/api/counsellor/getPayments', headers: admin });
  for (const summary of records.json().studentData as {
    studentId: string;
    amountPaid: number;
    amountRemaining: number;
  }[]) {
    const row = byId.get(summary.studentId);
    if (!row) continue;
    const shown = Math.round(summary.amountPaid * 100);
    if (shown !== row.paid_paise)
      broken.push({ what: `Payment Records paid of ${summary.studentId}`, expected: row.paid_paise, actual: shown });
    const left = Math.round(summary.amountRemaining * 100);
    if (left !== row.remaining_paise)
      broken.push({
        what: `Payment Records balance of ${summary.studentId}`,
        expected: row.remaining_paise,
        actual: left,
      });
  }

  const exported = await t.app.inject({
    method: 'POST',
    url: '/api/counsellor/getFilteredRegister',
    headers: admin,
    payload: { columns: ['studentId', 'amountPaid', 'amountRemaining'], includeWithdrawn: true },
  });
  const exportedRows = exported.json().data as { studentId: string; amountPaid: number; amountRemaining: number }[];
  if (exportedRows.length !== students.length) {
    broken.push({ what: 'students in the export', expected: students.length, actual: exportedRows.length });
  }
  for (const row of exportedRows) {
    const stored = byId.get(row.studentId);
    if (!stored) continue;
    const paid = Math.round(row.amountPaid * 100);
    if (paid !== stored.paid_paise) {
      broken.push({ what: `exported paid of ${row.studentId}`, expected: stored.paid_paise, actual: paid });
    }
    const left = Math.round(row.amountRemaining * 100);
    if (left !== stored.remaining_paise) {
      broken.push({ what: `exported balance of ${row.studentId}`, expected: stored.remaining_paise, actual: left });
    }
  }
  return broken;
}
