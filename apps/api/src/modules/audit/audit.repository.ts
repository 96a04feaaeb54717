import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuditRow, auditLog } from '../../db/schema';

export async function insertAuditRow(db: Executor, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export type AuditRowFilter = {
  actor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  studentId?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  /** Only entries older than this id (the cursor). */
  before?: number | undefined;
};

/**
 * The newest entries first, `limit` of them: an index scan backwards on the id (or on the filter's
 * index, which ends in the id), stopping after `limit` rows whatever the size of the table.
 */
export async function listAuditRows(db: Executor, filter: AuditRowFilter, limit: number): Promise<AuditRow[]> {
  const parts: SQL[] = [];
  if (filter.actor) parts.push(eq(auditLog.actorUuid, filter.actor));
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.studentId) parts.push(eq(auditLog.studentId, filter.studentId));
  if (filter.start) parts.push(gte(auditLog.at, filter.start));
  if (filter.end) parts.push(lt(auditLog.at, filter.end));
  if (filter.before) parts.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Many entries at once (a sending job's messages, one per student), in batches of 1,000. */
export async function insertAuditRows(db: Executor, values: (typeof auditLog.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < values.length; start += 1000) {
    await db.insert(auditLog).values(values.slice(start, start + 1000));
  }
}
