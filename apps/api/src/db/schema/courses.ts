import type { FeePlan } from '@app/domain/courses.rules';
import type { ConcessionStatus } from '@app/domain/courses.schemas';
import type { Standard } from '@app/domain/standards.rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamptz, updatedAt } from './columns';
import { examSessions } from './exam-sessions';
import { studentRef } from './students';
import { userRef } from './users';

/**
 * A course an exam session offers (issue 25; docs/decisions/015-courses-and-concessions.md): what a
 * student registers on. Its fee and plan are copied onto the student at registration, so a later change
 * here reaches new registrations only. Never deleted: a course no longer offered keeps its students.
 * (`students.course_id` refers here; that foreign key is written in the migration, since the students
 * schema cannot import this file without an import cycle.)
 */
export const courses = pgTable(
  'courses',
  {
    id: identityId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id),
    name: text('name').notNull(),
    /** The standard it prepares for: its paper set (10th or 12th), exam year and previous year follow. */
    standard: text('standard').$type<Standard>().notNull(),
    /** Its mediums (9th, 10th) or groups (11th, 12th): a list of names. */
    branches: jsonb('branches').$type<string[]>().notNull(),
    feePaise: integer('fee_paise').notNull(),
    /** The instalment plan; no instalments: one due date at a time, set by the counsellor. */
    plan: jsonb('plan').$type<FeePlan>().notNull().default({ kind: 'amount', instalments: [] }),
    offered: boolean('offered').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courses_session_name_uq').on(t.sessionId, sql`lower(${t.name})`),
    index('courses_session_standard_idx').on(t.sessionId, t.standard),
    check('courses_fee', sql`${t.feePaise} > 0`),
    check('courses_standard', sql`${t.standard} in ('9th+10th', '10th', '11th+12th', '12th')`),
  ],
);

/**
 * A concession on a student's fee: requested by a counsellor (or an admin), applied once an admin
 * approves it (then `students.concession_paise` holds the sum of the approved ones), or rejected with a
 * reason. A decided request never changes again.
 */
export const concessions = pgTable(
  'concessions',
  {
    id: identityId(),
    studentId: studentRef('student_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<ConcessionStatus>().notNull().default('requested'),
    requestedBy: userRef('requested_by').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    decidedBy: userRef('decided_by'),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('concessions_amount', sql`${t.amountPaise} > 0`),
    check('concessions_status', sql`${t.status} in ('requested', 'approved', 'rejected')`),
    check(
      'concessions_decided',
      sql`(${t.status} = 'requested') = (${t.decidedBy} is null) and (${t.decidedBy} is null) = (${t.decidedAt} is null)`,
    ),
    check('concessions_rejection_reason', sql`${t.status} <> 'rejected' or ${t.decisionReason} is not null`),
    index('concessions_student_idx').on(t.studentId, t.requestedAt),
    index('concessions_status_idx').on(t.status, t.requestedAt),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type ConcessionRow = typeof concessions.$inferSelect;
