import type { ConsentDecision, ConsentMethod, DataRequestKind, DataRequestStatus } from '@app/domain/privacy.rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz, updatedAt } from './columns';
import { studentRef } from './students';
import { userRef } from './users';

/**
 * Every version of the privacy notice the product has served (issue 27). The words live in
 * packages/domain (PRIVACY_NOTICE); the server stores each version at start, so a consent can name the
 * exact text the parent saw, even after the notice changed.
 */
export const privacyNotices = pgTable('privacy_notices', {
  version: integer('version').primaryKey(),
  /** `{ en, mr }` as published. */
  body: jsonb('body').notNull(),
  publishedAt: timestamptz('published_at').notNull().defaultNow(),
});

/**
 * A parent's decision about a student, kept for ever as a history: consent (with or without messages),
 * or its withdrawal. The student's current state is on `students.consent_state`, changed in the same
 * transaction.
 */
export const consents = pgTable(
  'consents',
  {
    id: identityId(),
    studentId: studentRef('student_id').notNull(),
    decision: text('decision').$type<ConsentDecision>().notNull(),
    /** How it was verified; null for a withdrawal taken by the office. */
    method: text('method').$type<ConsentMethod>(),
    noticeVersion: integer('notice_version')
      .notNull()
      .references(() => privacyNotices.version),
    /** SHA-256 of the signed paper form's photo. */
    evidencePhoto: text('evidence_photo'),
    note: text('note'),
    recordedBy: userRef('recorded_by'),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
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
  studentId: studentRef('student_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  sentBy: userRef('sent_by'),
  sentAt: timestamptz('sent_at').notNull(),
});

/**
 * The link to the consent page a parent opens from the code's message (when a provider sends it): only
 * the SHA-256 of its token, one per student (a new code's link replaces the last), used once (the row goes
 * when the consent is recorded, any way), and until it expires.
 */
export const consentLinks = pgTable('consent_links', {
  studentId: studentRef('student_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: timestamptz('created_at').notNull(),
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
    updatedBy: userRef('updated_by'),
    updatedAt: updatedAt(),
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
    id: identityId(),
    studentId: studentRef('student_id').notNull(),
    kind: text('kind').$type<DataRequestKind>().notNull(),
    receivedOn: isoDate('received_on').notNull(),
    dueOn: isoDate('due_on').notNull(),
    details: text('details'),
    status: text('status').$type<DataRequestStatus>().notNull().default('open'),
    outcome: text('outcome'),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
    handledBy: userRef('handled_by'),
    handledByName: text('handled_by_name'),
    handledAt: timestamptz('handled_at'),
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
  id: identityId(),
  ranAt: timestamptz('ran_at').notNull(),
  isDryRun: boolean('is_dry_run').notNull(),
  report: jsonb('report').notNull(),
  /** Null for the nightly job. */
  ranBy: userRef('ran_by'),
});

/**
 * Staff reads of a student's data (details, PDFs, the data copy) and exports (filter and count, not the
 * rows). No foreign keys: written in batches after the answer, it never blocks anything.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull(),
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
  id: identityId(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  discoveredOn: isoDate('discovered_on').notNull(),
  /** Who was in the affected data: `{ centerId?, standard?, from?, to? }`; empty = every student. */
  scope: jsonb('scope').notNull(),
  measures: text('measures').notNull(),
  recordedBy: userRef('recorded_by').notNull(),
  recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
});

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type PrivacySettingsRow = typeof privacySettings.$inferSelect;
export type BreachRow = typeof breaches.$inferSelect;
