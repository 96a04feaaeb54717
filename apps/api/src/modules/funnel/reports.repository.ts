import { and, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, settlements, students, users, visitingRecords } from '../../db/schema';
import { branchInCity } from './funnel.repository';

/** The counsellors a report covers: one, a branch's (or a city's branches), or all; by name. */
export async function listReportCounsellors(
  db: Executor,
  { uuid, branch }: { uuid?: string | undefined; branch?: string | undefined },
) {
  return db
    .select({ uuid: users.uuid, name: users.name, branch: users.branch })
    .from(users)
    .where(
      and(
        eq(users.role, 'counsellor'),
        uuid ? eq(users.uuid, uuid) : undefined,
        branch ? branchInCity(branch) : undefined,
      ),
    )
    .orderBy(users.name, users.uuid);
}

/** The funnel status of an enquiry, in SQL (registered and lost read from the conversion and closing). */
const statusSql = sql<string>`case when ${visitingRecords.convertedStudentId} is not null then 'registered' when ${visitingRecords.closedAt} is not null then 'lost' else ${visitingRecords.stage} end`;

/** Enquiries recorded in [start, end) per counsellor, source and status. */
export async function enquiryCounts(db: Executor, { ids, start, end }: { ids: string[]; start: Date; end: Date }) {
  return db
    .select({
      counsellor: visitingRecords.assignedTo,
      source: visitingRecords.source,
      status: statusSql,
      n: sql<number>`count(*)::int`,
    })
    .from(visitingRecords)
    .where(
      and(
        inArray(visitingRecords.assignedTo, ids),
        gte(visitingRecords.createdAt, start),
        lt(visitingRecords.createdAt, end),
      ),
    )
    .groupBy(visitingRecords.assignedTo, visitingRecords.source, statusSql);
}

const perCounsellor = async (query: Promise<{ counsellor: string | null; n: number | string | null }[]>) =>
  new Map((await query).map((row) => [row.counsellor ?? '', Number(row.n ?? 0)]));

export function followUpsOverdue(db: Executor, { ids, today }: { ids: string[]; today: string }) {
  return perCounsellor(
    db
      .select({ counsellor: visitingRecords.assignedTo, n: sql<number>`count(*)::int` })
      .from(visitingRecords)
      .where(
        and(
          inArray(visitingRecords.assignedTo, ids),
          isNull(visitingRecords.closedAt),
          isNull(visitingRecords.convertedStudentId),
          lt(visitingRecords.nextFollowUpOn, today),
        ),
      )
      .groupBy(visitingRecords.assignedTo),
  );
}

export function registrationCounts(db: Executor, { ids, start, end }: { ids: string[]; start: Date; end: Date }) {
  return perCounsellor(
    db
      .select({ counsellor: students.createdBy, n: sql<number>`count(*)::int` })
      .from(students)
      .where(and(inArray(students.createdBy, ids), gte(students.createdAt, start), lt(students.createdAt, end)))
      .groupBy(students.createdBy),
  );
}

/** Fees taken in [start, end) (`start` absent: since the beginning), per counsellor, in paise. */
export function feesCollected(db: Executor, { ids, start, end }: { ids: string[]; start?: Date; end: Date }) {
  return perCounsellor(
    db
      .select({ counsellor: payments.createdBy, n: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
      .from(payments)
      .where(
        and(
          inArray(payments.createdBy, ids),
          start ? gte(payments.createdAt, start) : undefined,
          lt(payments.createdAt, end),
        ),
      )
      .groupBy(payments.createdBy),
  );
}

/** What the counsellor's active students still owe, now, in paise. */
export function duesOutstanding(db: Executor, { ids }: { ids: string[] }) {
  return perCounsellor(
    db
      .select({ counsellor: students.createdBy, n: sql<string>`coalesce(sum(${students.remainingPaise}), 0)` })
      .from(students)
      .where(and(inArray(students.createdBy, ids), eq(students.status, 'active')))
      .groupBy(students.createdBy),
  );
}

/** Verified settlements paid between two Indian dates (`from` absent: since the beginning), in paise. */
export function cashSettled(db: Executor, { ids, from, to }: { ids: string[]; from?: string; to: string }) {
  const range: SQL[] = [lte(settlements.paymentDate, to)];
  if (from) range.push(gte(settlements.paymentDate, from));
  return perCounsellor(
    db
      .select({ counsellor: settlements.counsellorId, n: sql<string>`coalesce(sum(${settlements.amountPaise}), 0)` })
      .from(settlements)
      .where(and(inArray(settlements.counsellorId, ids), eq(settlements.verifyStatus, 'verified'), ...range))
      .groupBy(settlements.counsellorId),
  );
}
