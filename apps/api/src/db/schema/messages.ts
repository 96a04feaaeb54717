import type { MessageKind, MessageLanguage, MessageStatus } from '@app/domain/family-messages.rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamptz, updatedAt } from './columns';
import { userRef } from './users';

/** What a message of each kind says, in English and Marathi (issue 26); seeded by the migration. */
export const messageTemplates = pgTable('message_templates', {
  kind: text('kind').$type<MessageKind>().primaryKey(),
  bodyEn: text('body_en').notNull(),
  bodyMr: text('body_mr').notNull(),
  language: text('language').$type<MessageLanguage>().notNull().default('both'),
  whatsappTemplate: text('whatsapp_template'),
  updatedAt: updatedAt(),
  updatedBy: userRef('updated_by'),
});

/** A sending job an admin started from a list: who, what, and when. */
export const messageJobs = pgTable('message_jobs', {
  id: identityId(),
  kind: text('kind').$type<MessageKind>().notNull(),
  audience: jsonb('audience').notNull(),
  label: text('label').notNull(),
  total: integer('total').notNull(),
  createdBy: userRef('created_by').notNull(),
  createdAt: createdAt(),
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
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: the worker holding it, until when. An expired lease is claimed again. */
    leaseUntil: timestamptz('lease_until'),
    leasedBy: text('leased_by'),
    /** Sent to the provider where it takes one; echoed back in delivery reports (WhatsApp's callback data). */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /** One message per event: 'payment:<id>', 'HALLTICKET:<session>:<student>'; null for jobs. */
    dedupeKey: text('dedupe_key'),
    providerMessageId: text('provider_message_id'),
    failReason: text('fail_reason'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    deliveredAt: timestamptz('delivered_at'),
    updatedAt: updatedAt(),
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
 * A provider's delivery report that came before the worker recorded its message's provider id (MSG91
 * echoes nothing of ours, and does not promise to send a refused report again): kept here and applied by
 * the worker when it records that id. Kept no longer than 7 days.
 */
export const earlyDeliveryReports = pgTable(
  'early_delivery_reports',
  {
    providerMessageId: text('provider_message_id').primaryKey(),
    status: text('status').$type<'sent' | 'delivered' | 'failed'>().notNull(),
    failReason: text('fail_reason'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [check('early_delivery_reports_status', sql`${t.status} in ('sent', 'delivered', 'failed')`)],
);

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
  changedBy: userRef('changed_by'),
  changedAt: timestamptz('changed_at').notNull().defaultNow(),
});
