import type { ConsentDecision, ConsentMethod } from '@app/domain/privacy.rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    check('consents_method', sql`${t.method} is null or ${t.method} in ('code', 'paper', 'portal')`),
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

export type ConsentRow = typeof consents.$inferSelect;
