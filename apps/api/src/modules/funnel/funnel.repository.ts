import type { FunnelStatus } from '@app/domain/visiting.schemas';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enquiryFollowUps, type FollowUpRow, users, type VisitingRow, visitingRecords } from '../../db/schema';

export type FunnelRow = VisitingRow & { assignedName: string | null };

const withAssignee = { row: visitingRecords, assignedName: users.name };
const flatten = ({ row, assignedName }: { row: VisitingRow; assignedName: string | null }): FunnelRow => ({
  ...row,
  assignedName,
});

/**
 * A counsellor's branch is in a city: 'Pune - Kothrud' is in Pune, 'Satara' is Satara. True when the
 * branch, or its part before ' - ', is the city (without case or outer spaces).
 */
export const branchInCity = (city: string): SQL =>
  sql`(lower(trim(${users.branch})) = lower(trim(${city})) or lower(trim(split_part(${users.branch}, ' - ', 1))) = lower(trim(${city})))`;

/**
 * The active counsellors of a branch (the city, compared without case or outer spaces), their user rows
 * locked FOR NO KEY UPDATE so two website enquiries of one branch are handed out one after the other
 * (docs/decisions/009-lock-order.md, step 1: a row taken to queue behind others of its kind). In uuid
 * order, so every assignment takes them in one order.
 */
export async function lockBranchCounsellors(tx: Executor, city: string) {
  return tx
    .select({ uuid: users.uuid, name: users.name, branch: users.branch })
    .from(users)
    .where(and(eq(users.role, 'counsellor'), eq(users.isActive, true), branchInCity(city)))
    .orderBy(asc(users.uuid))
    .for('no key update');
}

/** The newest website enquiry given to each of these counsellors (its id), for the round-robin. */
export async function lastWebsiteEnquiryOf(tx: Executor, counsellors: string[]): Promise<Map<string, number>> {
  if (counsellors.length === 0) return new Map();
  const rows = await tx
    .select({ assignedTo: visitingRecords.assignedTo, last: max(visitingRecords.id) })
    .from(visitingRecords)
    .where(and(eq(visitingRecords.source, 'website'), inArray(visitingRecords.assignedTo, counsellors)))
    .groupBy(visitingRecords.assignedTo);
  return new Map(rows.flatMap((row) => (row.assignedTo && row.last !== null ? [[row.assignedTo, row.last]] : [])));
}

/** One enquiry with the name of whom it is assigned to. */
export async function findFunnelEnquiry(db: Executor, id: number): Promise<FunnelRow | undefined> {
  const [row] = await db
    .select(withAssignee)
    .from(visitingRecords)
    .leftJoin(users, eq(users.uuid, visitingRecords.assignedTo))
    .where(eq(visitingRecords.id, id));
  return row && flatten(row);
}

const isOpen = and(isNull(visitingRecords.closedAt), isNull(visitingRecords.convertedStudentId));

/** Open enquiries with a next follow-up date: one counsellor's, or everyone's; soonest first. */
export async function listQueue(
  db: Executor,
  { assignedTo }: { assignedTo?: string | undefined },
): Promise<FunnelRow[]> {
  const rows = await db
    .select(withAssignee)
    .from(visitingRecords)
    .leftJoin(users, eq(users.uuid, visitingRecords.assignedTo))
    .where(
      and(
        isOpen,
        isNotNull(visitingRecords.nextFollowUpOn),
        assignedTo ? eq(visitingRecords.assignedTo, assignedTo) : isNotNull(visitingRecords.assignedTo),
      ),
    )
    .orderBy(asc(visitingRecords.nextFollowUpOn), asc(visitingRecords.id))
    .limit(1000);
  return rows.map(flatten);
}

/** Open enquiries nobody is assigned to (website enquiries from a city without a counsellor), oldest first. */
export async function listUnassigned(db: Executor): Promise<FunnelRow[]> {
  const rows = await db
    .select(withAssignee)
    .from(visitingRecords)
    .leftJoin(users, eq(users.uuid, visitingRecords.assignedTo))
    .where(and(isOpen, isNull(visitingRecords.assignedTo)))
    .orderBy(asc(visitingRecords.createdAt), asc(visitingRecords.id))
    .limit(1000);
  return rows.map(flatten);
}

/** The SQL of a funnel status (registered and lost are read from the conversion link and the closing). */
export function statusCondition(status: FunnelStatus): SQL | undefined {
  if (status === 'registered') return isNotNull(visitingRecords.convertedStudentId);
  if (status === 'lost') return and(isNotNull(visitingRecords.closedAt), isNull(visitingRecords.convertedStudentId));
  return and(isOpen, eq(visitingRecords.stage, status));
}

export type EnquiryFilter = {
  assignedTo?: string | undefined;
  source?: VisitingRow['source'] | undefined;
  status?: FunnelStatus | undefined;
  /** Instants: recorded from `start`, before `end`. */
  start?: Date | undefined;
  end?: Date | undefined;
};

/** Every enquiry the filter matches, newest first, read a batch at a time (the download). */
export async function* streamEnquiries(db: Executor, filter: EnquiryFilter, batch = 500): AsyncGenerator<FunnelRow> {
  const where = and(
    filter.assignedTo ? eq(visitingRecords.assignedTo, filter.assignedTo) : undefined,
    filter.source ? eq(visitingRecords.source, filter.source) : undefined,
    filter.status ? statusCondition(filter.status) : undefined,
    filter.start ? gte(visitingRecords.createdAt, filter.start) : undefined,
    filter.end ? lt(visitingRecords.createdAt, filter.end) : undefined,
  );
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select(withAssignee)
      .from(visitingRecords)
      .leftJoin(users, eq(users.uuid, visitingRecords.assignedTo))
      .where(and(where, before === undefined ? undefined : lt(visitingRecords.id, before)))
      .orderBy(desc(visitingRecords.id))
      .limit(batch);
    for (const row of rows) yield flatten(row);
    if (rows.length < batch) return;
    before = rows[rows.length - 1]?.row.id;
  }
}

export async function insertFollowUp(tx: Executor, values: typeof enquiryFollowUps.$inferInsert): Promise<FollowUpRow> {
  const [row] = await tx.insert(enquiryFollowUps).values(values).returning();
  if (!row) throw new Error('insert enquiry_follow_ups returned nothing');
  return row;
}

/** An enquiry's follow-ups, newest first. */
export async function listFollowUps(db: Executor, enquiryId: number): Promise<FollowUpRow[]> {
  return db
    .select()
    .from(enquiryFollowUps)
    .where(eq(enquiryFollowUps.enquiryId, enquiryId))
    .orderBy(desc(enquiryFollowUps.doneOn), desc(enquiryFollowUps.id));
}

/** Follow-ups done by each counsellor between two Indian dates (both included). */
export async function countFollowUpsDone(db: Executor, { from, to }: { from: string; to: string }) {
  return db
    .select({ by: enquiryFollowUps.by, n: sql<number>`count(*)::int` })
    .from(enquiryFollowUps)
    .where(and(gte(enquiryFollowUps.doneOn, from), lte(enquiryFollowUps.doneOn, to)))
    .groupBy(enquiryFollowUps.by);
}
