import { owedPaise } from '@app/domain/collections.schemas';
import { indianDayRange, indianToday, shiftDate } from '@app/domain/dates.rules';
import {
  type AdminCharts,
  type AdminFigures,
  CHART_DAYS,
  type CounsellorFigures,
  OVERDUE_PAGE_SIZE,
  type OverdueRow,
} from '@app/domain/home.schemas';
import { toRupees } from '@app/domain/money.rules';
import { type Page, totalPagesOf } from '@app/domain/paging.schemas';
import { type Db, type Executor, readSnapshot } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import {
  centreAndCounsellorCharts,
  counsellorLedgers,
  countEnquiriesSince,
  countOverdue,
  countPendingSettlements,
  overdueStudents,
  registrationsPerDay,
  studentTotals,
} from './home.repository';

const DAY_MS = 24 * 3600 * 1000;

function startOf(day: string): Date {
  const { start } = indianDayRange({ from: day });
  if (!start) throw new Error(`no start for ${day}`);
  return start;
}

function periods(now: Date) {
  const today = indianToday(now);
  return { today, todayStart: startOf(today), monthStart: startOf(`${today.slice(0, 8)}01`) };
}

/** What counsellors hold: per counsellor, fees taken less commission less verified settlements. */
const cashInHandPaise = (ledgers: Awaited<ReturnType<typeof counsellorLedgers>>) =>
  ledgers.reduce((sum, row) => sum + owedPaise(row.collectedPaise, row.commissionBp) - row.verifiedPaise, 0);

export async function getAdminFigures(db: Db, now: Date): Promise<AdminFigures> {
  const period = periods(now);
  // One snapshot: a payment committing meanwhile is in what was collected and in the cash in hand, or in neither.
  const { totals, ledgers, pending } = await readSnapshot(db, async (tx) => ({
    totals: await studentTotals(tx, period),
    ledgers: await counsellorLedgers(tx),
    pending: await countPendingSettlements(tx),
  }));
  return {
    registrationsToday: totals.today,
    registrationsThisMonth: totals.month,
    collected: toRupees(totals.paidPaise),
    outstanding: toRupees(totals.remainingPaise),
    cashInHand: toRupees(cashInHandPaise(ledgers)),
    settlementsPending: pending,
    overdueStudents: totals.overdue,
  };
}

export async function getAdminCharts(db: Executor, now: Date): Promise<AdminCharts> {
  const today = indianToday(now);
  const first = shiftDate(today, { days: -(CHART_DAYS - 1) });
  const [days, { perCentre: centres, perCounsellor: counsellors }] = await Promise.all([
    registrationsPerDay(db, startOf(first)),
    centreAndCounsellorCharts(db),
  ]);
  const counts = new Map(days.map((row) => [row.date, row.count]));
  return {
    perDay: Array.from({ length: CHART_DAYS }, (_, i) => {
      const date = shiftDate(first, { days: i });
      return { date, count: counts.get(date) ?? 0 };
    }),
    perCentre: centres.map((row) => ({
      centerId: row.centerId,
      centerName: row.centerName,
      registered: row.registered,
      capacity: row.capacity,
    })),
    perCounsellor: counsellors.map((row) => ({
      uuid: row.uuid,
      name: row.name,
      collected: toRupees(row.paidPaise),
      outstanding: toRupees(row.remainingPaise),
    })),
  };
}

export async function getCounsellorFigures(
  db: Db,
  { by, now }: { by: Pick<Actor, 'uuid'>; now: Date },
): Promise<CounsellorFigures> {
  const period = periods(now);
  const { totals, ledgers, enquiries } = await readSnapshot(db, async (tx) => ({
    totals: await studentTotals(tx, { ...period, createdBy: by.uuid }),
    ledgers: await counsellorLedgers(tx, by.uuid),
    enquiries: await countEnquiriesSince(tx, {
      since: startOf(shiftDate(period.today, { days: -6 })),
      createdBy: by.uuid,
    }),
  }));
  return {
    registrations: totals.all,
    collected: toRupees(totals.paidPaise),
    outstanding: toRupees(totals.remainingPaise),
    cashInHand: toRupees(cashInHandPaise(ledgers)),
    overdueStudents: totals.overdue,
    enquiriesThisWeek: enquiries,
  };
}

type OverdueAsk = { by: Actor; counsellor?: string | undefined; now: Date };

function overdueFilter({ by, counsellor, now }: OverdueAsk) {
  return { today: indianToday(now), createdBy: by.role === 'admin' ? counsellor : by.uuid };
}

function toOverdueRow(today: string) {
  const todayMs = Date.parse(today);
  return (row: Awaited<ReturnType<typeof overdueStudents>>[number]): OverdueRow => ({
    studentId: row.studentId,
    studentName: row.studentName,
    standard: row.standard,
    studentNo: row.studentNo,
    parentsNo: row.parentsNo,
    counsellor: row.counsellor,
    amountRemaining: toRupees(row.remainingPaise),
    dueDate: row.dueDate ?? today,
    daysOverdue: Math.round((todayMs - Date.parse(row.dueDate ?? today)) / DAY_MS),
    ticketHeld: row.ticketHeld,
  });
}

/** The overdue list, a page at a time: a counsellor's own students, or an admin's choice of counsellor (all by default). */
export async function listOverduePage(
  db: Executor,
  ask: OverdueAsk & { page?: number | undefined; limit?: number | undefined },
): Promise<Page<OverdueRow>> {
  const filter = overdueFilter(ask);
  const limit = ask.limit ?? OVERDUE_PAGE_SIZE;
  const page = ask.page ?? 1;
  const [rows, totalCount] = await Promise.all([
    overdueStudents(db, { ...filter, limit, offset: (page - 1) * limit }),
    countOverdue(db, filter),
  ]);
  return { data: rows.map(toOverdueRow(filter.today)), totalCount, totalPages: totalPagesOf(totalCount, limit) };
}

/** Every overdue student of the list (for the Excel file of follow-up calls). */
export async function listOverdue(db: Executor, ask: OverdueAsk): Promise<OverdueRow[]> {
  const filter = overdueFilter(ask);
  return (await overdueStudents(db, filter)).map(toOverdueRow(filter.today));
}
