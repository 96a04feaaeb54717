import type { AuditAction, AuditEntity } from '@app/domain/audit.rules';
import { isRecordable } from '@app/domain/audit.rules';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityFilter,
  type ActivityResponse,
  type AuditEntry,
} from '@app/domain/audit.schemas';
import { indianDayRange } from '@app/domain/dates.rules';
import type { Executor } from '../../db/client';
import type { AuditRow } from '../../db/schema';
import { insertAuditRow, listAuditRows } from './audit.repository';

/** Who made a change: a signed-in user (an `Actor` fits), or the system itself. */
export type AuditBy = { uuid: string | null; name: string; role: string };

/** The server acting on its own, e.g. creating the first admin at the first start. */
export const systemActor: AuditBy = { uuid: null, name: 'System', role: 'system' };

type Fields = { readonly [key: string]: unknown };
type Recorded = Record<string, unknown>;

export type AuditChange = {
  by: AuditBy;
  entity: AuditEntity;
  entityId: string | number;
  /** The student the change belongs to, for the student's own history. */
  studentId?: string | null | undefined;
  action: AuditAction;
  /** The record before the change (the row as read, or just the fields about to change). */
  before?: Fields | null | undefined;
  /** The record after the change. Only the fields that differ from `before` are kept. */
  after?: Fields | null | undefined;
  /** What to call the entity; by default its studentName, name, centerName or subjectName. */
  entityName?: string | null | undefined;
};

/** A field that only repeats the entry's own entity id (a centre's centerId, a settlement's id). */
const isOwnId = (key: string, value: unknown, entityId: string) =>
  (key === 'id' || key === 'uuid' || /(Id|Code)$/.test(key)) && String(value) === entityId;

/**
 * The fields worth keeping, as JSON: no secrets, no bookkeeping columns, not the entity's own id,
 * dates as ISO text. Without the other side to compare with, empty (null) fields are left out too.
 */
function recordable(fields: Fields | null | undefined, entityId: string, keepNulls: boolean): Recorded | null {
  if (!fields) return null;
  const kept: Recorded = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (value === null && !keepNulls) || !isRecordable(key)) continue;
    if (isOwnId(key, value, entityId)) continue;
    kept[key] = value instanceof Date ? value.toISOString() : value;
  }
  return kept;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const nameKeys = ['studentName', 'name', 'centerName', 'subjectName'] as const;

function nameOf(...records: (Fields | null | undefined)[]): string | null {
  for (const record of records) {
    for (const key of nameKeys) {
      const value = record?.[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

/**
 * Writes one entry of the audit trail. Call it with the transaction of the change it records, so a
 * rolled-back change leaves no entry and a committed one always has one:
 *
 *   await recordAudit(tx, { by, entity: 'centre', entityId: centerId, action: 'update', before: row, after: updated });
 *
 * With both `before` and `after`, only the fields that differ are kept (an update that changed
 * nothing writes nothing and answers false); with one of them, its filled-in fields. Passwords,
 * hashes, bookkeeping columns and the entity's own id are never kept.
 */
export async function recordAudit(tx: Executor, change: AuditChange): Promise<boolean> {
  const entityId = String(change.entityId);
  const hasBoth = Boolean(change.before && change.after);
  let before = recordable(change.before, entityId, hasBoth);
  let after = recordable(change.after, entityId, hasBoth);
  if (before && after) {
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => !same(before?.[key], after?.[key]),
    );
    if (changed.length === 0 && change.action === 'update') return false;
    const pick = (fields: Recorded) =>
      Object.fromEntries(changed.filter((key) => key in fields).map((key) => [key, fields[key]]));
    before = pick(before);
    after = pick(after);
  }
  await insertAuditRow(tx, {
    actorUuid: change.by.uuid,
    actorName: change.by.name,
    actorRole: change.by.role,
    entity: change.entity,
    entityId,
    entityName: change.entityName ?? nameOf(change.after, change.before),
    studentId: change.studentId ?? null,
    action: change.action,
    before: before && Object.keys(before).length > 0 ? before : null,
    after: after && Object.keys(after).length > 0 ? after : null,
  });
  return true;
}

const asFields = (value: unknown): Recorded | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Recorded) : null;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { uuid: row.actorUuid, name: row.actorName, role: row.actorRole },
  entity: row.entity,
  entityId: row.entityId,
  entityName: row.entityName,
  studentId: row.studentId,
  action: row.action,
  before: asFields(row.before),
  after: asFields(row.after),
});

/**
 * The Activity list: newest first, one page at a time by cursor. No total count: counting a million
 * rows for every page would cost more than the page; one extra row tells whether there is a next page.
 */
export async function listActivity(db: Executor, filter: ActivityFilter): Promise<ActivityResponse> {
  const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
  const { start, end } = indianDayRange(filter);
  const rows = await listAuditRows(
    db,
    {
      actor: filter.actor,
      entity: filter.entity,
      entityId: filter.entityId,
      studentId: filter.studentId,
      start,
      end,
      before: filter.before,
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  return { data: page.map(toEntry), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
