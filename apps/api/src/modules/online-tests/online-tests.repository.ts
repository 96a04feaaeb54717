import type { StoredAnswer } from '@app/domain/online-tests.schemas';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client';
import {
  attemptAnswers,
  chapters,
  onlineTests,
  questions,
  students,
  subjects,
  testAttempts,
  testQuestions,
} from '../../db/schema';

export async function listChapterRows(db: Executor, subjectCodes: number[] | null) {
  return (
    db
      // The counts are written out: drizzle leaves a selected table's own columns unqualified in sql``.
      .select({
        id: chapters.id,
        subjectCode: chapters.subjectCode,
        name: chapters.name,
        questions:
          sql<number>`(select count(*) from questions q where q.chapter_id = "chapters"."id" and not q.retired)`.mapWith(
            Number,
          ),
      })
      .from(chapters)
      .where(subjectCodes ? inArray(chapters.subjectCode, subjectCodes.length ? subjectCodes : [-1]) : undefined)
      .orderBy(asc(chapters.subjectCode), asc(chapters.name), asc(chapters.id))
  );
}

/** Papers by code (all with null), newest exam year first, then by standard and name. */
export async function listPaperRows(db: Executor, subjectCodes: number[] | null) {
  return db
    .select({
      subjectCode: subjects.subjectCode,
      subjectName: subjects.subjectName,
      standard: subjects.standard,
      language: subjects.language,
      examYear: subjects.examYear,
    })
    .from(subjects)
    .where(subjectCodes ? inArray(subjects.subjectCode, subjectCodes.length ? subjectCodes : [-1]) : undefined)
    .orderBy(desc(subjects.examYear), asc(subjects.standard), asc(subjects.subjectName), asc(subjects.subjectCode));
}

export async function findChapter(db: Executor, id: number) {
  const [row] = await db.select().from(chapters).where(eq(chapters.id, id)).limit(1);
  return row;
}

export async function findChapterByName(db: Executor, subjectCode: number, name: string) {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.subjectCode, subjectCode), sql`lower(${chapters.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertChapter(db: Executor, values: typeof chapters.$inferInsert) {
  const [row] = await db.insert(chapters).values(values).returning();
  return row as typeof chapters.$inferSelect;
}

export async function subjectExists(db: Executor, subjectCode: number): Promise<boolean> {
  const [row] = await db
    .select({ code: subjects.subjectCode })
    .from(subjects)
    .where(eq(subjects.subjectCode, subjectCode));
  return Boolean(row);
}

export async function listQuestionRows(db: Executor, filter: { chapterId?: number; subjectCodes: number[] | null }) {
  return db
    .select({ question: questions, subjectCode: chapters.subjectCode })
    .from(questions)
    .innerJoin(chapters, eq(chapters.id, questions.chapterId))
    .where(
      and(
        eq(questions.retired, false),
        filter.chapterId ? eq(questions.chapterId, filter.chapterId) : undefined,
        filter.subjectCodes
          ? inArray(chapters.subjectCode, filter.subjectCodes.length ? filter.subjectCodes : [-1])
          : undefined,
      ),
    )
    .orderBy(asc(questions.chapterId), asc(questions.id))
    .limit(2000);
}

export async function findQuestion(db: Executor, id: number, lock = false) {
  const query = db
    .select({ question: questions, subjectCode: chapters.subjectCode })
    .from(questions)
    .innerJoin(chapters, eq(chapters.id, questions.chapterId))
    .where(eq(questions.id, id))
    .limit(1);
  const [row] = lock ? await query.for('no key update', { of: questions }) : await query;
  return row;
}

export async function insertQuestions(db: Executor, values: (typeof questions.$inferInsert)[]) {
  return db.insert(questions).values(values).returning();
}

export async function updateQuestion(db: Executor, id: number, values: Partial<typeof questions.$inferInsert>) {
  const [row] = await db.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row;
}

/** Questions by id with their subject, for a test being built. */
export async function findQuestionsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: questions.id, subjectCode: chapters.subjectCode, retired: questions.retired })
    .from(questions)
    .innerJoin(chapters, eq(chapters.id, questions.chapterId))
    .where(inArray(questions.id, ids));
}

/** Ids of a chapter's live questions (of a difficulty), for a random draw. */
export async function listDrawableIds(db: Executor, chapterId: number, difficulty: string | undefined) {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.chapterId, chapterId),
        eq(questions.retired, false),
        difficulty ? eq(questions.difficulty, difficulty as 'easy') : undefined,
      ),
    )
    .orderBy(asc(questions.id));
  return rows.map((row) => row.id);
}

export async function insertTest(db: Executor, values: typeof onlineTests.$inferInsert, questionIds: number[]) {
  const [test] = await db.insert(onlineTests).values(values).returning();
  if (!test) throw new Error('test not inserted');
  await db
    .insert(testQuestions)
    .values(questionIds.map((questionId, i) => ({ testId: test.id, position: i + 1, questionId })));
  return test;
}

/** A test with how many questions it holds. */
const testWithCount = {
  test: onlineTests,
  questions: sql<number>`(select count(*) from test_questions tq where tq.test_id = "online_tests"."id")`.mapWith(
    Number,
  ),
};

export async function listTestRows(db: Executor) {
  return db
    .select(testWithCount)
    .from(onlineTests)
    .orderBy(sql`${onlineTests.opensAt} desc`, sql`${onlineTests.id} desc`)
    .limit(500);
}

export async function findTest(db: Executor, id: number) {
  const [row] = await db.select().from(onlineTests).where(eq(onlineTests.id, id)).limit(1);
  return row;
}

/** The tests a student of this standard and branch may sit, newest first. */
export async function listTestsFor(db: Executor, { standard, branch }: { standard: string; branch: string }) {
  return db
    .select(testWithCount)
    .from(onlineTests)
    .where(
      and(
        sql`${onlineTests.standards} @> ${JSON.stringify([standard])}::jsonb`,
        sql`(jsonb_array_length(${onlineTests.branches}) = 0 or ${onlineTests.branches} @> ${JSON.stringify([branch])}::jsonb)`,
      ),
    )
    .orderBy(sql`${onlineTests.opensAt} desc`, sql`${onlineTests.id} desc`)
    .limit(200);
}

/** The test's questions in the test's order, with keys (never sent to a student as they are). */
export async function listTestQuestions(db: Executor, testId: number) {
  return db
    .select({ position: testQuestions.position, question: questions })
    .from(testQuestions)
    .innerJoin(questions, eq(questions.id, testQuestions.questionId))
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.position));
}

export async function listAttemptsOf(db: Executor, { testId, studentId }: { testId?: number; studentId: string }) {
  return db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.studentId, studentId), testId ? eq(testAttempts.testId, testId) : undefined))
    .orderBy(asc(testAttempts.testId), asc(testAttempts.number));
}

/** The attempt, only if it is this student's: another student's attempt is not found. */
export async function findOwnAttempt(db: Executor, { attemptId, studentId }: { attemptId: string; studentId: string }) {
  const [row] = await db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.studentId, studentId)))
    .limit(1);
  return row;
}

/** Locks an attempt for grading (decision 009: the attempt is the row being changed, rank 2). */
export async function lockAttempt(db: Executor, attemptId: string) {
  const [row] = await db.select().from(testAttempts).where(eq(testAttempts.id, attemptId)).for('no key update');
  return row;
}

export async function insertAttempt(db: Executor, values: typeof testAttempts.$inferInsert) {
  const [row] = await db.insert(testAttempts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function saveGrade(db: Executor, attemptId: string, values: Partial<typeof testAttempts.$inferInsert>) {
  await db.update(testAttempts).set(values).where(eq(testAttempts.id, attemptId));
}

export async function listAnswers(db: Executor, attemptId: string) {
  return db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(asc(attemptAnswers.questionId));
}

export async function listAnswersOfTest(db: Executor, testId: number) {
  return db
    .select({
      attemptId: attemptAnswers.attemptId,
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
    })
    .from(attemptAnswers)
    .innerJoin(testAttempts, eq(testAttempts.id, attemptAnswers.attemptId))
    .where(eq(testAttempts.testId, testId))
    .orderBy(asc(attemptAnswers.attemptId), asc(attemptAnswers.questionId));
}

/**
 * Saves one answer in one statement: only into this student's attempt, only for a question of its test,
 * only while it runs (`now` before its end, not graded), and only when `seq` is newer than the saved
 * one. The attempt is share-locked, so grading (which locks it to update) waits for a save under way,
 * and a save that comes after grading finds it graded. Answers the stored seq, or nothing.
 */
/** One answer as a student's phone sends it. */
export type AnswerSave = {
  attemptId: string;
  studentId: string;
  questionId: number;
  answer: StoredAnswer | null;
  review: boolean;
  seq: number;
};

export async function upsertAnswer(db: Executor, a: AnswerSave & { now: Date }): Promise<boolean> {
  const rows = await executeRows<{ seq: number }>(
    db,
    sql`with open_attempt as (
          select ta.id from test_attempts ta
          join test_questions tq on tq.test_id = ta.test_id and tq.question_id = ${a.questionId}
          where ta.id = ${a.attemptId} and ta.student_id = ${a.studentId}
            and ta.graded_at is null and ta.ends_at > ${a.now.toISOString()}::timestamptz
          for share of ta
        )
        insert into attempt_answers (attempt_id, question_id, answer, review, seq, saved_at)
        select id, ${a.questionId}, ${a.answer === null ? null : JSON.stringify(a.answer)}::jsonb, ${a.review}, ${a.seq},
               ${a.now.toISOString()}::timestamptz
        from open_attempt
        on conflict (attempt_id, question_id) do update
          set answer = excluded.answer, review = excluded.review, seq = excluded.seq, saved_at = excluded.saved_at
          where attempt_answers.seq < excluded.seq
        returning seq`,
  );
  return rows.length > 0;
}

export async function findSavedSeq(db: Executor, attemptId: string, questionId: number) {
  const [row] = await db
    .select({ seq: attemptAnswers.seq })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
  return row?.seq;
}

export async function isQuestionOfTest(db: Executor, testId: number, questionId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(testQuestions)
    .where(and(eq(testQuestions.testId, testId), eq(testQuestions.questionId, questionId)));
  return (row?.n ?? 0) > 0;
}

/** Attempts whose time ran out without a submit (the sweep grades them). */
export async function listOverdueAttemptIds(
  db: Executor,
  { now, testId, studentId }: { now: Date; testId?: number; studentId?: string },
) {
  const rows = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(
      and(
        isNull(testAttempts.gradedAt),
        lte(testAttempts.endsAt, now),
        testId ? eq(testAttempts.testId, testId) : undefined,
        studentId ? eq(testAttempts.studentId, studentId) : undefined,
      ),
    )
    .orderBy(asc(testAttempts.endsAt))
    .limit(5000);
  return rows.map((row) => row.id);
}

/**
 * Where a score stands among the students who sat a test (each student's best): how many did better and
 * how many sat. One row back, whatever the crowd: a submit asks it, 5,000 submits in two minutes.
 */
export async function standingInTest(db: Executor, testId: number, scoreX100: number) {
  const [row] = await executeRows<{ above: number; sat: number }>(
    db,
    sql`select count(*) filter (where best > ${scoreX100})::int as above, count(*)::int as sat
        from (select max(score_x100) as best from test_attempts
              where test_id = ${testId} and graded_at is not null group by student_id) b`,
  );
  return { above: Number(row?.above ?? 0), sat: Number(row?.sat ?? 0) };
}

/** Each student's best graded score at a test, with their name. */
export async function listBestScores(db: Executor, testId: number) {
  return db
    .select({
      studentId: testAttempts.studentId,
      studentName: students.studentName,
      scoreX100: sql<number>`max(${testAttempts.scoreX100})`.mapWith(Number),
      timedOut: sql<boolean>`bool_and(${testAttempts.timedOut})`,
    })
    .from(testAttempts)
    .innerJoin(students, eq(students.studentId, testAttempts.studentId))
    .where(and(eq(testAttempts.testId, testId), sql`${testAttempts.gradedAt} is not null`))
    .groupBy(testAttempts.studentId, students.studentName)
    .orderBy(sql`max(${testAttempts.scoreX100}) desc`, asc(testAttempts.studentId));
}

export async function listGradedAttempts(db: Executor, testId: number) {
  return db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.testId, testId), sql`${testAttempts.gradedAt} is not null`))
    .orderBy(asc(testAttempts.id));
}

/** Active students a test is for who never started it. */
export async function listAbsentStudents(db: Executor, test: { id: number; standards: string[]; branches: string[] }) {
  return db
    .select({ studentId: students.studentId, studentName: students.studentName })
    .from(students)
    .where(
      and(
        eq(students.status, 'active'),
        inArray(students.standard, test.standards as ['10th']),
        test.branches.length ? inArray(students.branch, test.branches) : undefined,
        sql`not exists (select 1 from ${testAttempts} where ${testAttempts.testId} = ${test.id} and ${testAttempts.studentId} = ${students.studentId})`,
      ),
    )
    .orderBy(asc(students.studentId))
    .limit(20_000);
}

export async function findStudentForTests(db: Executor, studentId: string, lock = false) {
  const query = db
    .select({
      studentId: students.studentId,
      standard: students.standard,
      branch: students.branch,
      status: students.status,
    })
    .from(students)
    .where(eq(students.studentId, studentId))
    .limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}
