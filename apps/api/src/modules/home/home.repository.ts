import { and, asc, eq, gt, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examCentres, payments, settlements, students, users, visitingRecords } from '../../db/schema';
import { ticketHeldSql } from '../sessions/ticket-hold';

const int = (expression: SQL) => sql<number>`(${expression})::int`;
/** Sums of paise fit in a bigint; read back as a number (well below 2^53). */
const paise = (expression: SQL) => sql<string>`coalesce(${expression}, 0)::bigint`;

/** Registrations since instants, money totals and overdue students, in one pass over the students. */
export async function studentTotals(
  db: Executor,
  {
    todayStart,
    monthStart,
    today,
    createdBy,
  }: { todayStart: Date; monthStart: Date; today: string; createdBy?: string },
) {
  const [row] = await db
    .select({
      all: int(sql`count(*)`),
      today: int(sql`count(*) filter (where ${students.createdAt} >= ${todayStart})`),
      month: int(sql`count(*) filter (where ${students.createdAt} >= ${monthStart})`),
      paid: paise(sql`sum(${students.paidPaise})`),
      remaining: paise(sql`sum(${students.remainingPaise})`),
      overdue: int(
        sql`count(*) filter (where ${students.status} = 'active' and ${students.remainingPaise} > 0 and ${students.dueDate} < ${today})`,
      ),
    })
    .from(students)
    .where(createdBy ? eq(students.createdBy, createdBy) : undefined);
  return {
    all: row?.all ?? 0,
    today: row?.today ?? 0,
    month: row?.month ?? 0,
    paidPaise: Number(row?.paid ?? 0),
    remainingPaise: Number(row?.remaining ?? 0),
    overdue: row?.overdue ?? 0,
  };
}

/** Each counsellor's fees taken (payments they recorded) and verified settlements, for the cash ledger. */
export async function counsellorLedgers(db: Executor, counsellorId?: string) {
  const collected = db
    .select({ uuid: payments.createdBy, paise: sql<string>`sum(${payments.amountPaise})`.as('collected_paise') })
    .from(payments)
    // A cancelled receipt counts nowhere (docs/decisions/016-receipt-corrections.md).
    .where(isNull(payments.cancelledAt))
    .groupBy(payments.createdBy)
    .as('collected');
  const verified = db
    .select({
      uuid: settlements.counsellorId,
      paise: sql<string>`sum(${settlements.amountPaise})`.as('verified_paise'),
    })
    .from(settlements)
    .where(eq(settlements.verifyStatus, 'verified'))
    .groupBy(settlements.counsellorId)
    .as('verified');
  const rows = await db
    .select({
      uuid: users.uuid,
      name: users.name,
      commissionBp: users.commissionBp,
      collectedPaise: sql<string>`coalesce(${collected.paise}, 0)`,
      verifiedPaise: sql<string>`coalesce(${verified.paise}, 0)`,
    })
    .from(users)
    .leftJoin(collected, eq(collected.uuid, users.uuid))
    .leftJoin(verified, eq(verified.uuid, users.uuid))
    .where(and(eq(users.role, 'counsellor'), counsellorId ? eq(users.uuid, counsellorId) : undefined))
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    ...row,
    collectedPaise: Number(row.collectedPaise),
    verifiedPaise: Number(row.verifiedPaise),
  }));
}

export async function countPendingSettlements(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: int(sql`count(*)`) })
    .from(settlements)
    .where(eq(settlements.verifyStatus, 'pending'));
  return row?.n ?? 0;
}

export async function countEnquiriesSince(db: Executor, { since, createdBy }: { since: Date; createdBy: string }) {
  const [row] = await db
    .select({ n: int(sql`count(*)`) })
    .from(visitingRecords)
    .where(and(eq(visitingRecords.createdBy, createdBy), gte(visitingRecords.createdAt, since)));
  return row?.n ?? 0;
}

/** Registrations per Indian calendar day since an instant. */
export async function registrationsPerDay(db: Executor, since: Date) {
  const day = sql<string>`to_char((${students.createdAt} at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: int(sql`count(*)`) })
    .from(students)
    .where(gte(students.createdAt, since))
    .groupBy(day);
}

/**
 * The charts' two groupings of the students in one pass over them (grouping sets): how many per exam
 * centre, and the fees paid and remaining per counsellor who registered them.
 */
async function studentGroups(db: Executor) {
  const rows = await db
    .select({
      isCentre: sql<number>`grouping(${students.createdBy})`,
      centreId: students.examCentreId,
      createdBy: students.createdBy,
      n: int(sql`count(*)`),
      paid: paise(sql`sum(${students.paidPaise})`),
      remaining: paise(sql`sum(${students.remainingPaise})`),
    })
    .from(students)
    .groupBy(sql`grouping sets ((${students.examCentreId}), (${students.createdBy}))`);
  const perCentre = new Map<number, number>();
  const perCounsellor = new Map<string, { paidPaise: number; remainingPaise: number }>();
  for (const row of rows) {
    if (Number(row.isCentre) === 1) perCentre.set(row.centreId, row.n);
    else perCounsellor.set(row.createdBy, { paidPaise: Number(row.paid), remainingPaise: Number(row.remaining) });
  }
  return { perCentre, perCounsellor };
}

/** Registrations per exam centre against capacity, and fees paid and remaining per counsellor. */
export async function centreAndCounsellorCharts(db: Executor) {
  const [groups, centres, counsellors] = await Promise.all([
    studentGroups(db),
    db
      .select({ centerId: examCentres.centerId, centerName: examCentres.centerName, capacity: examCentres.capacity })
      .from(examCentres)
      .orderBy(asc(examCentres.centerId)),
    db
      .select({ uuid: users.uuid, name: users.name })
      .from(users)
      .where(eq(users.role, 'counsellor'))
      .orderBy(asc(users.name)),
  ]);
  return {
    perCentre: centres.map((centre) => ({ ...centre, registered: groups.perCentre.get(centre.centerId) ?? 0 })),
    perCounsellor: counsellors.map((counsellor) => ({
      ...counsellor,
      ...(groups.perCounsellor.get(counsellor.uuid) ?? { paidPaise: 0, remainingPaise: 0 }),
    })),
  };
}

/** A withdrawn student is not chased for a fee (issue 25): their balance stays, but they are not overdue. */
const overdueWhere = ({ today, createdBy }: { today: string; createdBy?: string | undefined }) =>
  and(
    eq(students.status, 'active'),
    gt(students.remainingPaise, 0),
    lt(students.dueDate, today),
    createdBy ? eq(students.createdBy, createdBy) : undefined,
  );

/**
 * Students whose due date has passed with something remaining, the longest overdue first: one page
 * (`limit`, `offset`), or every one when no limit is given (the Excel file).
 */
export async function overdueStudents(
  db: Executor,
  {
    today,
    createdBy,
    limit,
    offset = 0,
  }: { today: string; createdBy?: string | undefined; limit?: number | undefined; offset?: number },
) {
  const query = db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      standard: students.standard,
      studentNo: students.studentNo,
      parentsNo: students.parentsNo,
      counsellor: students.counsellor,
      remainingPaise: students.remainingPaise,
      dueDate: students.dueDate,
      ticketHeld: ticketHeldSql,
    })
    .from(students)
    .where(overdueWhere({ today, createdBy }))
    .orderBy(asc(students.dueDate), asc(students.studentId));
  return limit === undefined ? query : query.limit(limit).offset(offset);
}

export async function countOverdue(db: Executor, filter: { today: string; createdBy?: string | undefined }) {
  const [row] = await db
    .select({ n: int(sql`count(*)`) })
    .from(students)
    .where(overdueWhere(filter));
  return row?.n ?? 0;
}
