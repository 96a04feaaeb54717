import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { DEFAULT_PAGE_SIZE, type Page, totalPagesOf } from '@app/domain/paging.schemas';
import type { GetVisitingQuery, VisitingRecord, visitingRequest } from '@app/domain/visiting.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { VisitingRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { insertVisiting, listVisiting, listVisitingPage } from './visiting.repository';

type VisitingInput = z.output<typeof visitingRequest>;

const toRecord = (row: VisitingRow): VisitingRecord => ({
  id: row.id,
  studentName: row.studentName,
  gender: row.gender,
  dob: row.dob,
  address: row.address,
  pincode: row.pincode,
  standard: row.standard,
  previousYear: row.previousYear,
  branch: row.branch,
  schoolCollege: row.schoolCollege,
  previousYearPercent: row.previousYearPercentBp / 100,
  email: row.email,
  studentNo: row.studentNo,
  parentsNo: row.parentsNo,
  notificationNo: row.notificationNo,
  demoGiven: row.demoGiven,
  reason: row.reason,
  motherName: row.motherName,
  uuid: row.createdBy,
  counsellor: row.counsellor,
  counsellorBranch: row.counsellorBranch,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  convertedStudentId: row.convertedStudentId,
});

/** Records an enquiry for the signed-in counsellor; who recorded it comes from the session only. */
export async function recordVisit(db: Db, { input, by }: { input: VisitingInput; by: Actor }): Promise<VisitingRecord> {
  const { previousYearPercent, ...fields } = input;
  try {
    const row = await db.transaction(async (tx) => {
      const added = await insertVisiting(tx, {
        ...fields,
        previousYearPercentBp: Math.round(previousYearPercent * 100),
        createdBy: by.uuid,
        counsellor: by.name,
        counsellorBranch: by.branch ?? '',
      });
      await recordAudit(tx, { by, entity: 'enquiry', entityId: added.id, action: 'create', after: added });
      return added;
    });
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.visitingDuplicate);
    throw error;
  }
}

/** A counsellor sees their own enquiries, whatever the query asks; an admin sees all. */
export async function listVisits(db: Db, { by }: { by: Actor }): Promise<VisitingRecord[]> {
  const rows = await listVisiting(db, by.role === 'admin' ? {} : { createdBy: by.uuid });
  return rows.map(toRecord);
}

/** One page of the Visiting Table, searched and filtered by the database; a counsellor only their own. */
export async function listVisitsPage(
  db: Db,
  { by, query }: { by: Actor; query: GetVisitingQuery & { page: number } },
): Promise<Page<VisitingRecord>> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const { rows, totalCount } = await listVisitingPage(
    db,
    { createdBy: by.role === 'admin' ? query.counsellor : by.uuid, standard: query.standard, search: query.search },
    { offset: (query.page - 1) * limit, limit },
  );
  return { data: rows.map(toRecord), totalCount, totalPages: totalPagesOf(totalCount, limit) };
}
