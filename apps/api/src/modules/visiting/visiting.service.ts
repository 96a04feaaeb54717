import { DomainError } from '@app/domain/errors';
import type { FunnelEnquiry } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { DEFAULT_PAGE_SIZE, type Page, totalPagesOf } from '@app/domain/paging.schemas';
import {
  type closeEnquiryRequest,
  funnelStatusOf,
  type GetVisitingQuery,
  type VisitingRecord,
  type visitingRequest,
} from '@app/domain/visiting.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { VisitingRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { toFunnelEnquiry } from '../funnel/funnel.service';
import {
  insertVisiting,
  listVisiting,
  listVisitingPage,
  lockVisiting,
  updateVisiting,
  type VisitingListFilter,
} from './visiting.repository';

type VisitingInput = z.output<typeof visitingRequest>;
type CloseInput = z.output<typeof closeEnquiryRequest>;

/** A column of the visiting form: present on every enquiry but a website one (the CHECK visiting_form_whole). */
function formField<T>(value: T | null): T {
  if (value === null) throw new Error('a website enquiry has no visiting form');
  return value;
}

/** An enquiry recorded with the Visiting Form, in its SPEC §3 shape (the lists show only these). */
export const toRecord = (row: VisitingRow): VisitingRecord => ({
  id: row.id,
  studentName: row.studentName,
  gender: formField(row.gender),
  dob: formField(row.dob),
  address: formField(row.address),
  pincode: formField(row.pincode),
  standard: row.standard,
  previousYear: formField(row.previousYear),
  branch: formField(row.branch),
  schoolCollege: formField(row.schoolCollege),
  previousYearPercent: formField(row.previousYearPercentBp) / 100,
  email: formField(row.email),
  studentNo: formField(row.studentNo),
  parentsNo: row.parentsNo,
  notificationNo: formField(row.notificationNo),
  demoGiven: formField(row.demoGiven),
  reason: formField(row.reason),
  motherName: formField(row.motherName),
  uuid: formField(row.createdBy),
  counsellor: formField(row.counsellor),
  counsellorBranch: formField(row.counsellorBranch),
  createdBy: formField(row.createdBy),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  convertedStudentId: row.convertedStudentId,
  closedAt: row.closedAt?.toISOString() ?? null,
  closedReason: row.closedReason,
  closedNote: row.closedNote,
  source: row.source,
  status: funnelStatusOf({ stage: row.stage, convertedStudentId: row.convertedStudentId, closedAt: row.closedAt }),
  nextFollowUpOn: row.nextFollowUpOn,
});

/** The stored columns of the form's fields: the percentage exact in basis points. */
function columnsOf({ previousYearPercent, ...fields }: VisitingInput) {
  return { ...fields, previousYearPercentBp: Math.round(previousYearPercent * 100) };
}

/** The enquiry, locked for this transaction, if `by` may change it: a counsellor their own, an admin any. */
async function lockOwnEnquiry(tx: Executor, { id, by }: { id: number; by: Actor }): Promise<VisitingRow> {
  const row = await lockVisiting(tx, id);
  if (!row || (by.role !== 'admin' && row.assignedTo !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
  }
  return row;
}

/**
 * Writes the Visiting Form's fields in one transaction and answers the record; a second enquiry for the
 * same student mobile number and standard (the unique index) answers 409.
 */
async function writeVisitingForm(db: Db, write: (tx: Executor) => Promise<VisitingRow>): Promise<VisitingRecord> {
  try {
    return toRecord(await db.transaction(write));
  } catch (error) {
    throw isUniqueViolation(error) ? new DomainError('CONFLICT', messages.visitingDuplicate) : error;
  }
}

/** A closed or reopened enquiry as answered: a website enquiry has no visiting form, so its funnel shape. */
const closingAnswer = (row: VisitingRow): VisitingRecord | FunnelEnquiry =>
  row.source === 'website' ? toFunnelEnquiry({ ...row, assignedName: row.counsellor }) : toRecord(row);

/** Records an enquiry for the signed-in counsellor; who recorded it comes from the session only. */
export async function recordVisit(db: Db, { input, by }: { input: VisitingInput; by: Actor }): Promise<VisitingRecord> {
  return writeVisitingForm(db, async (tx) => {
    const added = await insertVisiting(tx, {
      ...columnsOf(input),
      createdBy: by.uuid,
      assignedTo: by.uuid,
      counsellor: by.name,
      counsellorBranch: by.branch ?? '',
    });
    await recordAudit(tx, { by, entity: 'enquiry', entityId: added.id, action: 'create', after: added });
    return added;
  });
}

/**
 * Corrects an open enquiry with the Visiting Form's fields (a closed one is refused: reopen it first);
 * who recorded it, and when, stay. The audit entry
 * (only the changed fields) is written in the same transaction, under the student once it converted.
 */
export async function editVisit(
  db: Db,
  { id, input, by }: { id: number; input: VisitingInput; by: Actor },
): Promise<VisitingRecord> {
  return writeVisitingForm(db, async (tx) => {
    const before = await lockOwnEnquiry(tx, { id, by });
    // A website enquiry has no visiting form to correct.
    if (before.source === 'website') throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
    // A closed enquiry is out of the lists for a reason; it is reopened (audited) before it changes.
    if (before.closedAt) throw new DomainError('CONFLICT', messages.enquiryClosedEditReopenFirst);
    const after = await updateVisiting(tx, id, columnsOf(input));
    await recordAudit(tx, {
      by,
      entity: 'enquiry',
      entityId: id,
      studentId: before.convertedStudentId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * Closes an enquiry with a reason; it leaves the default lists and stays in the database. An enquiry
 * that became a registration is refused: the student is the record to withdraw, and closing the
 * enquiry (as a duplicate, say) would hide where a registered student came from.
 */
export async function closeVisit(
  db: Db,
  { id, input, by }: { id: number; input: CloseInput; by: Actor },
): Promise<VisitingRecord | FunnelEnquiry> {
  const row = await db.transaction(async (tx) => {
    const before = await lockOwnEnquiry(tx, { id, by });
    if (before.convertedStudentId) throw new DomainError('CONFLICT', messages.enquiryConverted);
    if (before.closedAt) throw new DomainError('CONFLICT', messages.enquiryAlreadyClosed);
    const after = await updateVisiting(tx, id, {
      closedAt: new Date(),
      closedReason: input.reason,
      closedNote: input.note ?? null,
      closedBy: by.uuid,
    });
    await recordAudit(tx, {
      by,
      entity: 'enquiry',
      entityId: id,
      entityName: before.studentName,
      action: 'close',
      after: { closedReason: after.closedReason, closedNote: after.closedNote },
    });
    return after;
  });
  return closingAnswer(row);
}

/** Opens a closed enquiry again; the entry keeps the reason it was closed for. */
export async function reopenVisit(
  db: Db,
  { id, by }: { id: number; by: Actor },
): Promise<VisitingRecord | FunnelEnquiry> {
  const row = await db.transaction(async (tx) => {
    const before = await lockOwnEnquiry(tx, { id, by });
    if (!before.closedAt) throw new DomainError('CONFLICT', messages.enquiryNotClosed);
    const after = await updateVisiting(tx, id, {
      closedAt: null,
      closedReason: null,
      closedNote: null,
      closedBy: null,
    });
    await recordAudit(tx, {
      by,
      entity: 'enquiry',
      entityId: id,
      entityName: before.studentName,
      action: 'reopen',
      before: { closedReason: before.closedReason, closedNote: before.closedNote },
    });
    return after;
  });
  return closingAnswer(row);
}

/** A counsellor sees their own enquiries, whatever the query asks; an admin sees all. Open ones by default. */
export async function listVisits(
  db: Db,
  { by, status }: { by: Actor; status?: GetVisitingQuery['status'] },
): Promise<VisitingRecord[]> {
  const rows = await listVisiting(db, { ...(by.role === 'admin' ? {} : { createdBy: by.uuid }), status });
  return rows.map(toRecord);
}

/**
 * What a page of the Visiting Table reads: a counsellor only their own enquiries, an admin everyone's or
 * one counsellor's; the SPEC's `uuid` and `role` in the query are not part of it (the session decides).
 */
export function visitsPageOf(by: Actor, query: GetVisitingQuery & { page: number }) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const filter: VisitingListFilter = {
    createdBy: by.role === 'admin' ? query.counsellor : by.uuid,
    standard: query.standard,
    search: query.search,
    status: query.status,
  };
  return { filter, page: { offset: (query.page - 1) * limit, limit } };
}

/** One page of the Visiting Table, searched and filtered by the database. */
export async function listVisitsPage(
  db: Db,
  { filter, page }: ReturnType<typeof visitsPageOf>,
): Promise<Page<VisitingRecord>> {
  const { rows, totalCount } = await listVisitingPage(db, filter, page);
  return { data: rows.map(toRecord), totalCount, totalPages: totalPagesOf(totalCount, page.limit) };
}
