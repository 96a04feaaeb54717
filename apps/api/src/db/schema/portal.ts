import type {
  AnswerShowing,
  Difficulty,
  QuestionType,
  StoredAnswer,
  StoredKey,
} from '@app/domain/online-tests.schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamptz, updatedAt } from './columns';
import { subjects } from './exam';
import { studentRef } from './students';
import { userRef } from './users';

/**
 * Students' own sign-in (issue 28, docs/decisions/020-student-portal.md). A row exists once an admin has
 * reset a student's access: each reset bumps `tokenVersion`, and tokens of an older version stop working.
 */
export const studentAccess = pgTable('student_access', {
  studentId: studentRef('student_id').primaryKey(),
  tokenVersion: integer('token_version').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Switches of the student portal, one row per name ('studentSignIn'); a missing row is on. */
export const portalSettings = pgTable('portal_settings', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

/** A chapter of a subject (paper) in the question bank. */
export const chapters = pgTable(
  'chapters',
  {
    id: identityId(),
    subjectCode: integer('subject_code')
      .notNull()
      .references(() => subjects.subjectCode),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chapters_subject_name_uq').on(t.subjectCode, sql`lower(${t.name})`)],
);

/**
 * A question of the bank. Marks are hundredths (`marksX100` 100 = 1 mark) so negative marks of ¼ fit in
 * integers. `key` is the right answer (never sent to a student before the test says so). A question is
 * retired, never deleted: tests and attempts keep pointing at it.
 */
export const questions = pgTable(
  'questions',
  {
    id: identityId(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id),
    type: text('type').$type<QuestionType>().notNull(),
    textEn: text('text_en'),
    textMr: text('text_mr'),
    /** SHA-256 of the stored image. */
    image: text('image'),
    /** The options' texts, in order (single, multiple); empty for numeric and true/false. */
    options: jsonb('options').$type<{ en: string | null; mr: string | null }[]>().notNull(),
    key: jsonb('key').$type<StoredKey>().notNull(),
    marksX100: integer('marks_x100').notNull(),
    negativeX100: integer('negative_x100').notNull().default(0),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    explanationEn: text('explanation_en'),
    explanationMr: text('explanation_mr'),
    retired: boolean('retired').notNull().default(false),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('questions_type', sql`${t.type} in ('single', 'multiple', 'numeric', 'truefalse')`),
    check('questions_difficulty', sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check('questions_marks', sql`${t.marksX100} > 0 and ${t.negativeX100} >= 0`),
    check('questions_text', sql`${t.textEn} is not null or ${t.textMr} is not null`),
    index('questions_chapter_idx').on(t.chapterId, t.difficulty),
  ],
);

/** An online test: who sits it, when, how. */
export const onlineTests = pgTable(
  'online_tests',
  {
    id: identityId(),
    title: text('title').notNull(),
    standards: jsonb('standards').$type<string[]>().notNull(),
    /** Empty: every branch. */
    branches: jsonb('branches').$type<string[]>().notNull(),
    subjectCodes: jsonb('subject_codes').$type<number[]>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    opensAt: timestamptz('opens_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    shuffle: boolean('shuffle').notNull().default(false),
    showAnswers: text('show_answers').$type<AnswerShowing>().notNull(),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('online_tests_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('online_tests_duration', sql`${t.durationMinutes} between 1 and 600`),
    check('online_tests_attempts', sql`${t.attemptsAllowed} between 1 and 20`),
    check('online_tests_show', sql`${t.showAnswers} in ('after_submit', 'after_close')`),
    index('online_tests_opens_idx').on(t.opensAt),
  ],
);

/** The test's questions, in the test's own order. */
export const testQuestions = pgTable(
  'test_questions',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => onlineTests.id),
    position: integer('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.position] }),
    uniqueIndex('test_questions_question_uq').on(t.testId, t.questionId),
  ],
);

/**
 * One sitting of a test by a student. `endsAt` is fixed when it starts (the server's clock): no answer
 * is taken after it. Graded once, on submit or after the end (lazily on read, and by the sweep).
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    /** Random: also the seed of the student's shuffled order. */
    id: uuid('id').primaryKey().defaultRandom(),
    testId: integer('test_id')
      .notNull()
      .references(() => onlineTests.id),
    studentId: studentRef('student_id').notNull(),
    number: integer('number').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** When grading closed it (submitted, or the time ran out). */
    gradedAt: timestamptz('graded_at'),
    timedOut: boolean('timed_out').notNull().default(false),
    scoreX100: integer('score_x100'),
    correct: integer('correct'),
    wrong: integer('wrong'),
    unanswered: integer('unanswered'),
    byChapter: jsonb('by_chapter').$type<{ chapterId: number; scoreX100: number; maxX100: number }[]>(),
  },
  (t) => [
    uniqueIndex('test_attempts_number_uq').on(t.testId, t.studentId, t.number),
    check('test_attempts_end', sql`${t.endsAt} > ${t.startedAt}`),
    index('test_attempts_open_idx').on(t.endsAt).where(sql`${t.gradedAt} is null`),
    index('test_attempts_student_idx').on(t.studentId),
  ],
);

/** A student's answer to one question of an attempt, as last given; `seq` is the phone's own counter. */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => testAttempts.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    /** Null: cleared. */
    answer: jsonb('answer').$type<StoredAnswer>(),
    review: boolean('review').notNull().default(false),
    seq: integer('seq').notNull(),
    savedAt: timestamptz('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

export type QuestionRow = typeof questions.$inferSelect;
export type OnlineTestRow = typeof onlineTests.$inferSelect;
export type TestAttemptRow = typeof testAttempts.$inferSelect;
