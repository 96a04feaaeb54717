import type { ConsentDecision, ConsentMethod, DataRequestKind, DataRequestStatus } from '@app/domain/privacy.rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { students } from './students';
import { users } from './users';

/**
 * Every version of the privacy notice the product has served (issue 27). The words live in
 * packages/domain (PRIVACY_NOTICE); the server stores each version at start, so a consent can name the
 * exact text the parent saw, even after the notice changed.
 */
export const privacyNotices = pgTable('privacy_notices', {
  version: integer('version').primaryKey(),
  /** `{ en, mr }` as published. */
  body: jsonb('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A parent's decision about a student, kept for ever as a history: consent (with or without messages),
 * or its withdrawal. The student's current state is on `students.consent_state`, changed in the same
 * transaction.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.studentId),
    decision: text('decision').$type<ConsentDecision>().notNull(),
    /** How it was verified; null for a withdrawal taken by the office. */
    method: text('method').$type<ConsentMethod>(),
    noticeVersion: integer('notice_version')
      .notNull()
      .references(() => privacyNotices.version),
    /** SHA-256 of the signed paper form's photo. */
    evidencePhoto: text('evidence_photo'),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => users.uuid),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consents_decision', sql`${t.decision} in ('given', 'messages_refused', 'withdrawn')`),
    check('consents_method', sql`${t.method} is null or ${t.method} in ('code', 'paper', 'portal', 'link')`),
    check('consents_paper_photo', sql`(${t.method} = 'paper') = (${t.evidencePhoto} is not null)`),
    index('consents_student_idx').on(t.studentId, t.id),
  ],
);

/** The one-time code out for a student's consent: only its hash and when it expires (wrong tries: the attempt store). */
export const consentCodes = pgTable('consent_codes', {
  studentId: text('student_id')
    .primaryKey()
    .references(() => students.studentId),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentBy: uuid('sent_by').references(() => users.uuid),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * The link to the consent page a parent opens from the code's message (when a provider sends it): only
 * the SHA-256 of its token, one per student (a new code's link replaces the last), used once (the row goes
 * when the consent is recorded, any way), and until it expires.
 */
export const consentLinks = pgTable('consent_links', {
  studentId: text('student_id')
    .primaryKey()
    .references(() => students.studentId),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type ConsentRow = typeof consents.$inferSelect;

/**
 * The admin's privacy settings, one row (id 1): how long a family's request may take, and the retention
 * rules the nightly job applies. No row means the safe defaults (a restore goes only into an empty
 * database, so the migration writes none); the first save makes it.
 */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Days to answer a family's request (DPDP Rules: within 90 days). */
    requestDays: integer('request_days').notNull().default(90),
    /** Enquiries that never became a registration are anonymised after this many months. */
    enquiryMonths: integer('enquiry_months').notNull().default(12),
    /** Photos of students of a closed exam session are deleted this many months after its last exam day. */
    photoMonths: integer('photo_months').notNull().default(6),
    /** Fee receipts and accounts are kept this many years (never erased before). */
    financialYears: integer('financial_years').notNull().default(8),
    updatedBy: uuid('updated_by').references(() => users.uuid),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('privacy_settings_one', sql`${t.id} = 1`),
    check('privacy_settings_request_days', sql`${t.requestDays} between 1 and 90`),
    check('privacy_settings_enquiry_months', sql`${t.enquiryMonths} between 1 and 120`),
    check('privacy_settings_photo_months', sql`${t.photoMonths} between 1 and 120`),
    check('privacy_settings_financial_years', sql`${t.financialYears} between 8 and 20`),
  ],
);

/** A family's request about its data, made through the institute (issue 27: the request register). */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.studentId),
    kind: text('kind').$type<DataRequestKind>().notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    details: text('details'),
    status: text('status').$type<DataRequestStatus>().notNull().default('open'),
    outcome: text('outcome'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.uuid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledBy: uuid('handled_by').references(() => users.uuid),
    handledByName: text('handled_by_name'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    check('data_requests_kind', sql`${t.kind} in ('copy', 'correction', 'withdraw', 'erasure')`),
    check('data_requests_status', sql`${t.status} in ('open', 'done', 'refused')`),
    check(
      'data_requests_handled',
      sql`(${t.status} = 'open') = (${t.handledAt} is null) and (${t.status} = 'open') = (${t.outcome} is null)`,
    ),
    index('data_requests_open_idx').on(t.dueOn).where(sql`${t.status} = 'open'`),
    index('data_requests_student_idx').on(t.studentId, t.id),
  ],
);

/** What each run of the retention rules did (or, for a dry run, would do). */
export const retentionRuns = pgTable('retention_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  isDryRun: boolean('is_dry_run').notNull(),
  report: jsonb('report').notNull(),
  /** Null for the nightly job. */
  ranBy: uuid('ran_by').references(() => users.uuid),
});

/**
 * Staff reads of a student's data (details, PDFs, the data copy) and exports (filter and count, not the
 * rows). No foreign keys: written in batches after the answer, it never blocks anything.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUuid: uuid('actor_uuid').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** 'details', 'registration_pdf', 'receipt_pdf', 'data_copy', 'data_copy_pdf', 'export'. */
    what: text('what').notNull(),
    studentId: text('student_id'),
    /** An export's filter and row count. */
    detail: jsonb('detail'),
  },
  (t) => [
    index('access_log_student_idx').on(t.studentId, t.id).where(sql`${t.studentId} is not null`),
    index('access_log_at_idx').on(t.at),
  ],
);

/** A personal-data breach an admin records (DPDP Rules: tell each family and the Board). */
export const breaches = pgTable('breaches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  discoveredOn: date('discovered_on', { mode: 'string' }).notNull(),
  /** Who was in the affected data: `{ centerId?, standard?, from?, to? }`; empty = every student. */
  scope: jsonb('scope').notNull(),
  measures: text('measures').notNull(),
  recordedBy: uuid('recorded_by')
    .notNull()
    .references(() => users.uuid),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type PrivacySettingsRow = typeof privacySettings.$inferSelect;
export type BreachRow = typeof breaches.$inferSelect;
