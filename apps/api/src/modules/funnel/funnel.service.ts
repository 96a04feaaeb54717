import { indianDayRange, indianToday } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import {
  type enquiriesQuery,
  type FollowUp,
  type FollowUpQueue,
  type FunnelEnquiry,
  type followUpRequest,
  type publicEnquiryRequest,
  queueBucketOf,
  stageAfterFollowUp,
  WEBSITE_ENQUIRY_LIMITS,
} from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { funnelStatusOf } from '@app/domain/visiting.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import type { FollowUpRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit, systemActor } from '../audit/audit.service';
import { lockCounsellor } from '../collections/collections.repository';
import { queueFollowUpReminder } from '../messages/messages.service';
import { findCounsellor } from '../users/users.repository';
import { insertVisiting, lockVisiting, updateVisiting } from '../visiting/visiting.repository';
import {
  type FunnelRow,
  findFunnelEnquiry,
  insertFollowUp,
  lastWebsiteEnquiryOf,
  listFollowUps,
  listQueue,
  listUnassigned,
  lockBranchCounsellors,
  streamEnquiries,
} from './funnel.repository';

export const toFunnelEnquiry = (row: FunnelRow): FunnelEnquiry => ({
  id: row.id,
  studentName: row.studentName,
  standard: row.standard,
  phone: row.parentsNo,
  city: row.city,
  message: row.message,
  source: row.source,
  status: funnelStatusOf(row),
  assignedTo: row.assignedTo,
  assignedName: row.assignedName,
  nextFollowUpOn: row.nextFollowUpOn,
  convertedStudentId: row.convertedStudentId,
  closedReason: row.closedReason,
  createdAt: row.createdAt.toISOString(),
});

const toFollowUp = (row: FollowUpRow): FollowUp => ({
  id: row.id,
  kind: row.kind,
  doneOn: row.doneOn,
  outcome: row.outcome,
  note: row.note,
  nextFollowUpOn: row.nextFollowUpOn,
  by: row.by,
  createdAt: row.createdAt.toISOString(),
});

async function answerOf(db: Db, id: number): Promise<FunnelEnquiry> {
  const row = await findFunnelEnquiry(db, id);
  if (!row) throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
  return toFunnelEnquiry(row);
}

/**
 * The public contact form (issue 26). A filled honeypot is thanked like anyone and nothing is stored (a
 * bot learns nothing). Sending is limited per address (with a ceiling high enough for a school lab or a
 * mobile network behind one address) and per phone number. The enquiry is given, in the same
 * transaction, to the active counsellor of the visitor's city whose last website enquiry is the oldest
 * (round-robin; one who never had one first); a city with no counsellor leaves it to the admins' queue.
 * It is due for a call today.
 */
export async function submitWebsiteEnquiry(
  deps: Pick<Deps, 'db' | 'attempts' | 'clock'>,
  { input, ip }: { input: z.output<typeof publicEnquiryRequest>; ip: string },
): Promise<void> {
  const { perAddress, perPhone } = WEBSITE_ENQUIRY_LIMITS;
  const fromAddress = await deps.attempts.hit(`website-enquiry-ip:${ip}`, perAddress.windowMs);
  if (fromAddress > perAddress.count) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyEnquiries, {
      retryAfterSeconds: Math.ceil((await deps.attempts.expiresIn(`website-enquiry-ip:${ip}`)) / 1000),
    });
  }
  if (input.website) return;
  const aboutPhone = await deps.attempts.hit(`website-enquiry-phone:${input.phone}`, perPhone.windowMs);
  if (aboutPhone > perPhone.count) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyEnquiries, {
      retryAfterSeconds: Math.ceil((await deps.attempts.expiresIn(`website-enquiry-phone:${input.phone}`)) / 1000),
    });
  }
  await deps.db.transaction(async (tx) => {
    // 009 step 1: the branch's counsellors' rows, so one assignment of the branch at a time.
    const counsellors = await lockBranchCounsellors(tx, input.city);
    const last = await lastWebsiteEnquiryOf(
      tx,
      counsellors.map((c) => c.uuid),
    );
    const next = [...counsellors].sort((a, b) => (last.get(a.uuid) ?? 0) - (last.get(b.uuid) ?? 0))[0];
    const added = await insertVisiting(tx, {
      studentName: input.name,
      parentsNo: input.phone,
      email: input.email ?? null,
      standard: input.standard,
      city: input.city,
      message: input.message ?? null,
      source: 'website',
      assignedTo: next?.uuid ?? null,
      counsellor: next?.name ?? null,
      counsellorBranch: next?.branch ?? null,
      nextFollowUpOn: indianToday(deps.clock()),
    });
    await recordAudit(tx, {
      by: systemActor,
      entity: 'enquiry',
      entityId: added.id,
      action: 'create',
      after: {
        studentName: added.studentName,
        source: added.source,
        standard: added.standard,
        assignedTo: added.assignedTo,
      },
    });
  });
}

/**
 * Whether the visitor agreed to be sent messages: the public form refuses to send without the tick, so
 * every website enquiry did; the visiting form records no such agreement, so the others did not
 * (decision 017).
 */
const agreedToBeContacted = (row: { source: string }) => row.source === 'website';

/** The enquiry, locked, if `by` may follow it up: a counsellor one assigned to them, an admin any. */
async function lockAssigned(tx: Executor, { id, by }: { id: number; by: Actor }) {
  const row = await lockVisiting(tx, id);
  if (!row || (by.role !== 'admin' && row.assignedTo !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
  }
  return row;
}

/**
 * Records a call or visit: its date, outcome and note, and the next follow-up date, which replaces the
 * enquiry's (none: nothing planned). A new enquiry whose parent was reached becomes contacted. A closed
 * (lost) or registered enquiry is refused: reopen it first. One transaction with its audit entry; the
 * enquiry row is locked (009 step 2: the enquiry). With a next date, the parent of a visitor who agreed to
 * be contacted (a website enquiry; decision 017) gets a follow-up reminder, queued in the same
 * transaction, once per enquiry and date.
 */
export async function recordFollowUp(
  db: Db,
  { id, input, by }: { id: number; input: z.output<typeof followUpRequest>; by: Actor },
): Promise<FunnelEnquiry> {
  await db.transaction(async (tx) => {
    const before = await lockAssigned(tx, { id, by });
    if (before.closedAt || before.convertedStudentId) throw new DomainError('CONFLICT', messages.followUpOnClosed);
    const followUp = await insertFollowUp(tx, {
      enquiryId: id,
      kind: input.kind,
      doneOn: input.doneOn,
      outcome: input.outcome,
      note: input.note ?? null,
      nextFollowUpOn: input.nextFollowUpOn ?? null,
      by: by.uuid,
    });
    const after = await updateVisiting(tx, id, {
      stage: stageAfterFollowUp(before.stage, input),
      nextFollowUpOn: followUp.nextFollowUpOn,
    });
    await recordAudit(tx, {
      by,
      entity: 'enquiry',
      entityId: id,
      entityName: before.studentName,
      action: 'follow_up',
      before: { stage: before.stage, nextFollowUpOn: before.nextFollowUpOn },
      after: {
        kind: followUp.kind,
        doneOn: followUp.doneOn,
        outcome: followUp.outcome,
        note: followUp.note,
        stage: after.stage,
        nextFollowUpOn: after.nextFollowUpOn,
      },
    });
    if (followUp.nextFollowUpOn && agreedToBeContacted(before)) {
      await queueFollowUpReminder(tx, {
        enquiryId: id,
        enquiryName: before.studentName,
        phone: before.parentsNo,
        followUpOn: followUp.nextFollowUpOn,
        by,
      });
    }
  });
  return answerOf(db, id);
}

/**
 * An admin gives an enquiry to another (active) counsellor: from then on it is theirs to follow up and
 * register. The counsellor's row is taken first (009 step 1), then the enquiry's.
 */
export async function assignEnquiry(
  db: Db,
  { id, counsellor, by }: { id: number; counsellor: string; by: Actor },
): Promise<FunnelEnquiry> {
  await db.transaction(async (tx) => {
    const target = await findCounsellor(tx, counsellor);
    if (!target?.isActive) throw new DomainError('BAD_REQUEST', messages.counsellorNotActive);
    await lockCounsellor(tx, counsellor);
    const before = await lockAssigned(tx, { id, by });
    if (before.assignedTo === counsellor) return;
    // A website enquiry's counsellor and branch are whom it is given to (a visiting form's stay its recorder's).
    await updateVisiting(tx, id, {
      assignedTo: counsellor,
      ...(before.source === 'website' ? { counsellor: target.name, counsellorBranch: target.branch } : {}),
    });
    await recordAudit(tx, {
      by,
      entity: 'enquiry',
      entityId: id,
      entityName: before.studentName,
      studentId: before.convertedStudentId,
      action: 'assign',
      before: { assignedTo: before.assignedTo },
      after: { assignedTo: counsellor },
    });
  });
  return answerOf(db, id);
}

/**
 * The follow-up queue as of `deps.clock()` in India: overdue, due today, upcoming. A counsellor's own; an
 * admin's everyone's (or one counsellor's), plus the unassigned website enquiries.
 */
export async function followUpQueue(
  deps: Pick<Deps, 'db' | 'clock'>,
  { by, counsellor }: { by: Actor; counsellor?: string | undefined },
): Promise<FollowUpQueue> {
  const now = deps.clock();
  const isAdmin = by.role === 'admin';
  const [rows, unassigned] = await Promise.all([
    listQueue(deps.db, { assignedTo: isAdmin ? counsellor : by.uuid }),
    isAdmin && !counsellor ? listUnassigned(deps.db) : Promise.resolve([]),
  ]);
  const queue: FollowUpQueue = {
    today: indianToday(now),
    overdue: [],
    dueToday: [],
    upcoming: [],
    unassigned: unassigned.map(toFunnelEnquiry),
  };
  for (const row of rows) {
    if (!row.nextFollowUpOn) continue;
    const bucket = queueBucketOf(row.nextFollowUpOn, now);
    (bucket === 'overdue' ? queue.overdue : bucket === 'today' ? queue.dueToday : queue.upcoming).push(
      toFunnelEnquiry(row),
    );
  }
  return queue;
}

/** One enquiry and its follow-ups, newest first (a counsellor's own only). */
export async function enquiryHistory(db: Db, { id, by }: { id: number; by: Actor }) {
  const row = await findFunnelEnquiry(db, id);
  if (!row || (by.role !== 'admin' && row.assignedTo !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
  }
  return { data: toFunnelEnquiry(row), followUps: (await listFollowUps(db, id)).map(toFollowUp) };
}

/** The enquiries of a filter (Indian dates, both ends included); a counsellor only their own. */
export function enquiriesOf(db: Db, { by, query }: { by: Actor; query: z.output<typeof enquiriesQuery> }) {
  const { start, end } = indianDayRange({ from: query.from, to: query.to });
  return streamEnquiries(db, {
    assignedTo: by.role === 'admin' ? query.counsellor : by.uuid,
    source: query.source,
    status: query.status,
    start,
    end,
  });
}
