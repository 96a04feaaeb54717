import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The audit trail: one row per change of money, stock, student records, results, settings, users,
 * centres or subjects, written in the transaction of the change. Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE (docs/decisions/003-audit-trail.md). No foreign keys, so an entry
 * never stands in the way of anything and outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    /** Null for the system itself (the first admin made at the first start). */
    actorUuid: uuid('actor_uuid'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** 'student', 'payment', 'centre', … (packages/domain/src/audit.rules.ts). */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** What the entity was called then (a student's or user's name), for reading the trail. */
    entityName: text('entity_name'),
    /** The student a change belongs to, so their whole history is one filter. */
    studentId: text('student_id'),
    action: text('action').notNull(),
    /** Only the fields that changed; never a password or its hash. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUuid, t.id),
    index('audit_log_entity_idx').on(t.entity, t.id),
    index('audit_log_entity_id_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_student_idx').on(t.studentId, t.id).where(sql`${t.studentId} is not null`),
    index('audit_log_at_idx').on(t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
