import { and, asc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examCentres, payments, settlements, students, users, visitingRecords } from '../../db/schema';

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
      overdue: int(sql`count(*) filter (where ${students.remainingPaise} > 0 and ${students.dueDate} < ${today})`),
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

/** Registrations per centre: the students counted per centre first (25 rows to join, not 20,000). */
export async function registrationsPerCentre(db: Executor) {
  const perCentre = db
    .select({ centreId: students.examCentreId, n: sql<number>`count(*)`.as('registered_n') })
    .from(students)
    .groupBy(students.examCentreId)
    .as('per_centre');
  return db
    .select({
      centerId: examCentres.centerId,
      centerName: examCentres.centerName,
      capacity: examCentres.capacity,
      registered: int(sql`coalesce(${perCentre.n}, 0)`),
    })
    .from(examCentres)
    .leftJoin(perCentre, eq(perCentre.centreId, examCentres.centerId))
    .orderBy(asc(examCentres.centerId));
}

/** Fees paid and remaining of each counsellor's students: summed per counsellor first, then named. */
export async function moneyPerCounsellor(db: Executor) {
  const perCounsellor = db
    .select({
      uuid: students.createdBy,
      paid: sql<string>`sum(${students.paidPaise})`.as('paid_paise'),
      remaining: sql<string>`sum(${students.remainingPaise})`.as('remaining_paise'),
    })
    .from(students)
    .groupBy(students.createdBy)
    .as('per_counsellor');
  const rows = await db
    .select({
      uuid: users.uuid,
      name: users.name,
      paid: paise(sql`${perCounsellor.paid}`),
      remaining: paise(sql`${perCounsellor.remaining}`),
    })
    .from(users)
    .leftJoin(perCounsellor, eq(perCounsellor.uuid, users.uuid))
    .where(eq(users.role, 'counsellor'))
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    paidPaise: Number(row.paid),
    remainingPaise: Number(row.remaining),
  }));
}

const overdueWhere = ({ today, createdBy }: { today: string; createdBy?: string | undefined }) =>
  and(
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
