import type { MessageKind, MessageLanguage, MessageStatus } from '@app/domain/family-messages.rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a message of each kind says, in English and Marathi (issue 26); seeded by the migration. */
export const messageTemplates = pgTable('message_templates', {
  kind: text('kind').$type<MessageKind>().primaryKey(),
  bodyEn: text('body_en').notNull(),
  bodyMr: text('body_mr').notNull(),
  language: text('language').$type<MessageLanguage>().notNull().default('both'),
  whatsappTemplate: text('whatsapp_template'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.uuid),
});

/** A sending job an admin started from a list: who, what, and when. */
export const messageJobs = pgTable('message_jobs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<MessageKind>().notNull(),
  audience: jsonb('audience').notNull(),
  label: text('label').notNull(),
  total: integer('total').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.uuid),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox (docs/decisions/019-messages-outbox.md): one row per message, written in the transaction of
 * the event that causes it, sent by the worker. No foreign key to students: a row never blocks or waits
 * on a student's lock, and it outlives what it describes (as audit_log).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<MessageKind>().notNull(),
    jobId: integer('job_id').references(() => messageJobs.id),
    studentId: text('student_id'),
    /** 10 digits, Indian mobile. */
    phone: text('phone').notNull(),
    /** 'whatsapp', 'sms', or 'none' (prepared: no provider configured). */
    channel: text('channel').notNull(),
    body: text('body').notNull(),
    /** The WhatsApp template's parameters, in order, when one is named. */
    params: jsonb('params').$type<string[]>(),
    whatsappTemplate: text('whatsapp_template'),
    language: text('language').$type<MessageLanguage>().notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the worker holding it, until when. An expired lease is claimed again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    /** Sent to the provider where it takes one; echoed back in delivery reports (WhatsApp's callback data). */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /** One message per event: 'payment:<id>', 'HALLTICKET:<session>:<student>'; null for jobs. */
    dedupeKey: text('dedupe_key'),
    providerMessageId: text('provider_message_id'),
    failReason: text('fail_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'message_outbox_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'prepared', 'skipped')`,
    ),
    uniqueIndex('message_outbox_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('message_outbox_dedupe_uq').on(t.dedupeKey),
    index('message_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    index('message_outbox_student_idx').on(t.studentId, t.id),
    index('message_outbox_job_idx').on(t.jobId, t.status),
    index('message_outbox_provider_idx').on(t.providerMessageId),
  ],
);
export type MessageOutboxRow = typeof messageOutbox.$inferSelect;

/**
 * A parent's choice about messages, by phone: opted out by replying STOP or by an admin. Kept small on
 * purpose; the consent records of the DPDP work will take this over.
 */
export const messageConsents = pgTable('message_consents', {
  phone: text('phone').primaryKey(),
  optedOut: boolean('opted_out').notNull(),
  /** 'reply' (the parent wrote STOP/START) or 'admin'. */
  source: text('source').notNull(),
  note: text('note'),
  changedBy: uuid('changed_by').references(() => users.uuid),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
