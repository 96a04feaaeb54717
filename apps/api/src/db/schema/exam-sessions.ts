import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, updatedAt } from './columns';
import { students } from './students';
import { userRef } from './users';

/**
 * A season of mock board exams (docs/decisions/007-exam-sessions.md). It owns one exam year: the
 * students and papers of that year are its own, its seat numbers run under the counter `seat:<year>`,
 * and its hall tickets and results are released here. One session is open for registration.
 */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: identityId(),
    name: text('name').notNull(),
    /** The exam year 10th and 12th students registered in this session sit. */
    examYear: integer('exam_year').notNull(),
    /** The later exam year 9th+10th and 11th+12th students registered in this session sit. */
    twoYearExamYear: integer('two_year_exam_year').notNull(),
    startsOn: isoDate('starts_on').notNull(),
    endsOn: isoDate('ends_on').notNull(),
    openForRegistration: boolean('open_for_registration').notNull().default(false),
    hallTicketsReleased: boolean('hall_tickets_released').notNull().default(false),
    resultsReleased: boolean('results_released').notNull().default(false),
    /** Optional (issue 21): a student with an overdue instalment gets no hall ticket until they pay or an admin allows it. */
    holdTicketsWhileOverdue: boolean('hold_tickets_while_overdue').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_sessions_name_uq').on(t.name),
    uniqueIndex('exam_sessions_exam_year_uq').on(t.examYear),
    /** At most one session is open for registration. */
    uniqueIndex('exam_sessions_open_uq').on(t.openForRegistration).where(sql`${t.openForRegistration}`),
    check('exam_sessions_two_year', sql`${t.twoYearExamYear} > ${t.examYear}`),
    check('exam_sessions_dates', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export type ExamSessionRow = typeof examSessions.$inferSelect;

/** A hall ticket an admin allowed, with the reason, although the student's fee is overdue. */
export const hallTicketAllowances = pgTable('hall_ticket_allowances', {
  studentId: text('student_id')
    .primaryKey()
    .references(() => students.studentId, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  allowedBy: userRef('allowed_by').notNull(),
  createdAt: createdAt(),
});
