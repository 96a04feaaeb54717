import { randomInt } from 'node:crypto';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import {
  answersShown,
  attemptEndsAt,
  gradeAttempt,
  itemAnalysis,
  type Outcome,
  rankOf,
  scoreDistribution,
  seededShuffle,
  testStatusFor,
} from '@app/domain/online-tests.rules';
import type {
  AttemptResult,
  AttemptView,
  Chapter,
  OnlineTest,
  PaperChoice,
  Question,
  QuestionInput,
  StoredAnswer,
  StudentTest,
  TestAnalysis,
  TestInput,
} from '@app/domain/online-tests.schemas';
import type { Db, Executor } from '../../db/client';
import type { OnlineTestRow, QuestionRow, TestAttemptRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX, storedPhotoHash } from '../files/files.service';
import { marksScopeOf } from '../marks/teacher-assignments.service';
import {
  type AnswerSave,
  findChapter,
  findChapterByName,
  findOwnAttempt,
  findQuestion,
  findQuestionsByIds,
  findSavedSeq,
  findStudentForTests,
  findTest,
  insertAttempt,
  insertChapter,
  insertQuestions,
  insertTest,
  isQuestionOfTest,
  listAbsentStudents,
  listAnswers,
  listAnswersOfTest,
  listAttemptsOf,
  listBestScores,
  listChapterRows,
  listDrawableIds,
  listGradedAttempts,
  listOverdueAttemptIds,
  listPaperRows,
  listQuestionRows,
  listTestQuestions,
  listTestRows,
  listTestsFor,
  lockAttempt,
  saveGrade,
  standingInTest,
  subjectExists,
  updateQuestion,
  upsertAnswer,
} from './online-tests.repository';

// The question bank ----------------------------------------------------------------------------------

/** The papers a user may write questions and tests for: an admin all (null), a teacher those assigned. */
async function papersOf(db: Executor, by: Actor): Promise<number[] | null> {
  const scope = await marksScopeOf(db, by);
  return scope ? [...scope.papers] : null;
}

function checkPaper(papers: number[] | null, subjectCode: number) {
  if (papers && !papers.includes(subjectCode)) throw new DomainError('FORBIDDEN', messages.subjectNotAssigned);
}

/** GET /api/exam/papers: the papers the user may write for, named (a teacher's assigned, an admin's all). */
export async function listPapers(db: Db, by: Actor): Promise<PaperChoice[]> {
  return listPaperRows(db, await papersOf(db, by));
}

export async function listChapters(
  db: Db,
  { subjectCode, by }: { subjectCode?: number | undefined; by: Actor },
): Promise<Chapter[]> {
  const papers = await papersOf(db, by);
  const rows = await listChapterRows(db, papers);
  return rows.filter((row) => subjectCode === undefined || row.subjectCode === subjectCode);
}

export async function addChapter(
  db: Db,
  { subjectCode, name, by }: { subjectCode: number; name: string; by: Actor },
): Promise<Chapter> {
  checkPaper(await papersOf(db, by), subjectCode);
  return db.transaction(async (tx) => {
    if (!(await subjectExists(tx, subjectCode))) throw new DomainError('NOT_FOUND', messages.subjectNotFound);
    if (await findChapterByName(tx, subjectCode, name)) throw new DomainError('CONFLICT', messages.chapterExists);
    const row = await insertChapter(tx, { subjectCode, name });
    await recordAudit(tx, {
      by,
      entity: 'chapter',
      entityId: row.id,
      entityName: name,
      action: 'create',
      after: { subjectCode, name },
    });
    return { ...row, questions: 0 };
  });
}

function toQuestion(row: QuestionRow, subjectCode: number): Question {
  return {
    id: row.id,
    chapterId: row.chapterId,
    subjectCode,
    type: row.type,
    textEn: row.textEn,
    textMr: row.textMr,
    image: row.image ? `${PHOTO_URL_PREFIX}${row.image}.jpg` : null,
    options: row.options,
    key: row.key,
    marks: row.marksX100 / 100,
    negativeMarks: row.negativeX100 / 100,
    difficulty: row.difficulty,
    explanationEn: row.explanationEn,
    explanationMr: row.explanationMr,
  };
}

export async function listQuestions(
  db: Db,
  { chapterId, subjectCode, by }: { chapterId?: number | undefined; subjectCode?: number | undefined; by: Actor },
): Promise<Question[]> {
  const papers = await papersOf(db, by);
  const scope = subjectCode ? (papers ? papers.filter((code) => code === subjectCode) : [subjectCode]) : papers;
  const rows = await listQuestionRows(db, { ...(chapterId ? { chapterId } : {}), subjectCodes: scope });
  return rows.map((row) => toQuestion(row.question, row.subjectCode));
}

/** The row a question's input is stored as (marks in hundredths, the image by its hash). */
export function questionValues(input: QuestionInput, image: string | null) {
  return {
    chapterId: input.chapterId,
    type: input.type,
    textEn: input.textEn || null,
    textMr: input.textMr || null,
    image,
    options: input.options.map((option) => ({ en: option.en || null, mr: option.mr || null })),
    key: input.key,
    marksX100: Math.round(input.marks * 100),
    negativeX100: Math.round(input.negativeMarks * 100),
    difficulty: input.difficulty,
    explanationEn: input.explanationEn || null,
    explanationMr: input.explanationMr || null,
  };
}

/** A question's audit entry: added (no before) or edited. */
function auditQuestion(
  tx: Executor,
  by: Actor,
  id: number,
  change: { after: Record<string, unknown>; before?: Record<string, unknown> },
) {
  return recordAudit(tx, {
    by,
    entity: 'question',
    entityId: id,
    entityName: `Question ${id}`,
    action: change.before ? 'update' : 'create',
    ...change,
  });
}

/** POST /api/exam/questions (no id) and PUT /api/exam/questions/{id}: writes one question, audited. */
export async function saveQuestion(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  { id, input, by }: { id?: number; input: QuestionInput; by: Actor },
): Promise<Question> {
  const papers = await papersOf(deps.db, by);
  const image = input.image ? await storedPhotoHash(deps.files, input.image) : null;
  return deps.db.transaction(async (tx) => {
    const chapter = await findChapter(tx, input.chapterId);
    if (!chapter) throw new DomainError('NOT_FOUND', messages.chapterNotFound);
    checkPaper(papers, chapter.subjectCode);
    const values = questionValues(input, image);
    if (id === undefined) {
      const [row] = await insertQuestions(tx, [{ ...values, createdBy: by.uuid }]);
      if (!row) throw new Error('question not inserted');
      await auditQuestion(tx, by, row.id, { after: values });
      return toQuestion(row, chapter.subjectCode);
    }
    // Decision 009: the question is the one row changed (rank 2), locked before it is read.
    const before = await findQuestion(tx, id, true);
    if (!before || before.question.retired) throw new DomainError('NOT_FOUND', messages.questionNotFound);
    checkPaper(papers, before.subjectCode);
    const row = await updateQuestion(tx, id, { ...values, updatedAt: deps.clock() });
    if (!row) throw new DomainError('NOT_FOUND', messages.questionNotFound);
    const { id: _id, createdBy: _c, createdAt: _a, updatedAt: _u, retired: _r, ...old } = before.question;
    await auditQuestion(tx, by, id, { before: old, after: values });
    return toQuestion(row, chapter.subjectCode);
  });
}

/**
 * Saves imported questions in one transaction (all or none): the chapters they name that do not exist
 * yet are added first; one audit entry for each chapter and question.
 */
export async function importQuestions(
  db: Db,
  { subjectCode, rows, by }: { subjectCode: number; rows: { chapter: string; input: QuestionInput }[]; by: Actor },
): Promise<number> {
  checkPaper(await papersOf(db, by), subjectCode);
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const name of new Set(rows.map((row) => row.chapter))) {
      let chapter = await findChapterByName(tx, subjectCode, name);
      if (!chapter) {
        chapter = await insertChapter(tx, { subjectCode, name });
        await recordAudit(tx, {
          by,
          entity: 'chapter',
          entityId: chapter.id,
          entityName: name,
          action: 'create',
          after: { subjectCode, name },
        });
      }
      ids.set(name, chapter.id);
    }
    const inserted = await insertQuestions(
      tx,
      rows.map(({ chapter, input }) => ({
        ...questionValues({ ...input, chapterId: ids.get(chapter) ?? input.chapterId }, null),
        createdBy: by.uuid,
      })),
    );
    for (const row of inserted) {
      await auditQuestion(tx, by, row.id, {
        after: { chapterId: row.chapterId, type: row.type, textEn: row.textEn, textMr: row.textMr },
      });
    }
    return inserted.length;
  });
}

// Tests -----------------------------------------------------------------------------------------------

function toTest(test: OnlineTestRow, questions: number): OnlineTest {
  return {
    id: test.id,
    title: test.title,
    standards: test.standards,
    branches: test.branches,
    subjectCodes: test.subjectCodes,
    durationMinutes: test.durationMinutes,
    opensAt: test.opensAt.toISOString(),
    closesAt: test.closesAt.toISOString(),
    attemptsAllowed: test.attemptsAllowed,
    shuffle: test.shuffle,
    showAnswers: test.showAnswers,
    questions,
  };
}

/** POST /api/exam/tests: questions picked by hand, then drawn at random by chapter (and difficulty). */
export async function createTest(db: Db, { input, by }: { input: TestInput; by: Actor }): Promise<OnlineTest> {
  const papers = await papersOf(db, by);
  for (const code of input.subjectCodes) checkPaper(papers, code);
  return db.transaction(async (tx) => {
    const picked = [...new Set(input.questionIds)];
    const found = await findQuestionsByIds(tx, picked);
    for (const id of picked) {
      const question = found.find((row) => row.id === id);
      if (!question || question.retired) throw new DomainError('NOT_FOUND', messages.questionNotFound);
      if (!input.subjectCodes.includes(question.subjectCode))
        throw new DomainError('BAD_REQUEST', messages.subjectNotAssigned);
    }
    const chosen = new Set(picked);
    // Each rule draws from what earlier rules left (5 easy, then 3 of any difficulty, never one twice);
    // what it drew is kept in the bank's order, so the test's positions read chapter by chapter.
    const drawn: number[][] = [];
    for (const draw of input.draw) {
      const chapter = await findChapter(tx, draw.chapterId);
      if (!chapter) throw new DomainError('NOT_FOUND', messages.chapterNotFound);
      if (!input.subjectCodes.includes(chapter.subjectCode))
        throw new DomainError('BAD_REQUEST', messages.subjectNotAssigned);
      const pool = (await listDrawableIds(tx, draw.chapterId, draw.difficulty)).filter((id) => !chosen.has(id));
      if (pool.length < draw.count) throw new DomainError('BAD_REQUEST', messages.drawNotEnough);
      const taken: number[] = [];
      for (let i = 0; i < draw.count; i += 1) taken.push(...pool.splice(randomInt(pool.length), 1));
      taken.sort((a, b) => a - b);
      for (const id of taken) chosen.add(id);
      drawn.push(taken);
    }
    const test = await insertTest(
      tx,
      {
        title: input.title,
        standards: input.standards,
        branches: input.branches,
        subjectCodes: input.subjectCodes,
        durationMinutes: input.durationMinutes,
        opensAt: new Date(input.opensAt),
        closesAt: new Date(input.closesAt),
        attemptsAllowed: input.attemptsAllowed,
        shuffle: input.shuffle,
        showAnswers: input.showAnswers,
        createdBy: by.uuid,
      },
      [...chosen],
    );
    await recordAudit(tx, {
      by,
      entity: 'online_test',
      entityId: test.id,
      entityName: test.title,
      action: 'create',
      // The rules and what each drew: the draw is fixed when the test is made and can be read back.
      after: {
        title: test.title,
        standards: test.standards,
        questions: chosen.size,
        picked,
        draw: input.draw.map((rule, i) => ({ ...rule, drawn: drawn[i] })),
      },
    });
    return toTest(test, chosen.size);
  });
}

export async function listTests(db: Db, by: Actor): Promise<OnlineTest[]> {
  const papers = await papersOf(db, by);
  const rows = await listTestRows(db);
  return rows
    .filter(({ test }) => !papers || test.subjectCodes.every((code) => papers.includes(code)))
    .map(({ test, questions }) => toTest(test, questions));
}

// Sitting a test --------------------------------------------------------------------------------------

type Clocked = Pick<Deps, 'db' | 'clock'>;

/**
 * Grades an attempt once: on submit, or once its time is up (lazily when read, and by the sweep). The
 * attempt row is locked (decision 009: the row being changed, rank 2; nothing else is locked), so a
 * save under way commits before, and a later save finds the attempt graded.
 */
async function gradeOne(
  tx: Executor,
  attemptId: string,
  now: Date,
  submitted: boolean,
): Promise<TestAttemptRow | undefined> {
  const attempt = await lockAttempt(tx, attemptId);
  if (!attempt || attempt.gradedAt) return attempt;
  const timedOut = attempt.endsAt <= now;
  if (!submitted && !timedOut) return attempt;
  const [questions, answers] = await Promise.all([listTestQuestions(tx, attempt.testId), listAnswers(tx, attemptId)]);
  const grade = gradeAttempt(
    questions.map(({ question }) => question),
    new Map(answers.map((row) => [row.questionId, row.answer])),
  );
  const values = {
    gradedAt: timedOut ? attempt.endsAt : now,
    timedOut,
    scoreX100: grade.scoreX100,
    correct: grade.correct,
    wrong: grade.wrong,
    unanswered: grade.unanswered,
    byChapter: grade.byChapter,
  };
  await saveGrade(tx, attemptId, values);
  return { ...attempt, ...values };
}

/** The sweep: grades every attempt whose time ran out (of one test, or one student's, or all). */
export async function gradeOverdueAttempts(
  deps: Clocked,
  filter: { testId?: number; studentId?: string } = {},
): Promise<number> {
  const now = deps.clock();
  const ids = await listOverdueAttemptIds(deps.db, { now, ...filter });
  for (const id of ids) await deps.db.transaction((tx) => gradeOne(tx, id, now, false));
  return ids.length;
}

async function eligibleStudent(db: Executor, studentId: string, test: OnlineTestRow, lock = false) {
  const student = await findStudentForTests(db, studentId, lock);
  const fits =
    student &&
    test.standards.includes(student.standard) &&
    (test.branches.length === 0 || test.branches.includes(student.branch));
  if (!fits) throw new DomainError('NOT_FOUND', messages.testNotFound);
  return student;
}

/** GET /api/student/tests: the tests for the student's standard and branch, with where each stands. */
export async function listStudentTests(deps: Clocked, studentId: string): Promise<StudentTest[]> {
  await gradeOverdueAttempts(deps, { studentId });
  const student = await findStudentForTests(deps.db, studentId);
  if (!student) return [];
  const now = deps.clock();
  const [tests, attempts] = await Promise.all([listTestsFor(deps.db, student), listAttemptsOf(deps.db, { studentId })]);
  return tests.map(({ test, questions }) => {
    const own = attempts.filter((a) => a.testId === test.id);
    const running = own.find((a) => !a.gradedAt && a.endsAt > now);
    const graded = own.filter((a) => a.gradedAt);
    const last = graded[graded.length - 1];
    return {
      id: test.id,
      title: test.title,
      opensAt: test.opensAt.toISOString(),
      closesAt: test.closesAt.toISOString(),
      durationMinutes: test.durationMinutes,
      questions,
      attemptsAllowed: test.attemptsAllowed,
      attemptsUsed: own.length,
      status: testStatusFor(test, own, now),
      runningAttemptId: running?.id ?? null,
      last: last ? { attemptId: last.id, scoreX100: last.scoreX100 ?? 0, maxX100: maxOf(last) } : null,
    };
  });
}

/** The most a graded attempt could have scored: the sum of its chapters' maxima. */
function maxOf(attempt: TestAttemptRow): number {
  return (attempt.byChapter ?? []).reduce((sum, chapter) => sum + chapter.maxX100, 0);
}

/**
 * POST /api/student/tests/{id}/start: the sitting under way (resume), or a new one while the window is
 * open and attempts are left. The end is fixed now, by the server's clock. The student's row is locked
 * (decision 009, rank 2: the student) so that two phones starting at once make one attempt.
 */
export async function startAttempt(
  deps: Clocked,
  { testId, studentId }: { testId: number; studentId: string },
): Promise<AttemptView> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new DomainError('NOT_FOUND', messages.testNotFound);
  await gradeOverdueAttempts(deps, { studentId, testId });
  const attemptId = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await eligibleStudent(tx, studentId, test, true);
    const own = await listAttemptsOf(tx, { testId, studentId });
    const running = own.find((a) => !a.gradedAt && a.endsAt > now);
    if (running) return running.id;
    if (now < test.opensAt || now >= test.closesAt) throw new DomainError('CONFLICT', messages.testNotOpen);
    if (own.length >= test.attemptsAllowed) throw new DomainError('CONFLICT', messages.noAttemptsLeft);
    const row = await insertAttempt(tx, {
      testId,
      studentId,
      number: own.length + 1,
      startedAt: now,
      endsAt: attemptEndsAt(now, test.durationMinutes, test.closesAt),
    });
    if (!row) throw new DomainError('CONFLICT', messages.testNotOpen);
    return row.id;
  });
  return attemptViewOf(deps, { attemptId, studentId });
}

/** GET /api/student/attempts/{id}: the sitting (questions in the student's stable order, saved answers) or its result. */
export async function attemptViewOf(
  deps: Clocked,
  { attemptId, studentId }: { attemptId: string; studentId: string },
): Promise<AttemptView> {
  let attempt = await findOwnAttempt(deps.db, { attemptId, studentId });
  if (!attempt) throw new DomainError('NOT_FOUND', messages.attemptNotFound);
  const now = deps.clock();
  if (!attempt.gradedAt && attempt.endsAt <= now) {
    attempt = (await deps.db.transaction((tx) => gradeOne(tx, attemptId, now, false))) ?? attempt;
  }
  const test = await findTest(deps.db, attempt.testId);
  if (!test) throw new DomainError('NOT_FOUND', messages.testNotFound);
  const [questions, answers] = await Promise.all([
    listTestQuestions(deps.db, test.id),
    listAnswers(deps.db, attemptId),
  ]);
  const ordered = test.shuffle ? seededShuffle(questions, attempt.id) : questions;
  return {
    attemptId: attempt.id,
    testId: test.id,
    title: test.title,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    serverNow: now.toISOString(),
    finished: Boolean(attempt.gradedAt),
    questions: ordered.map(({ question }) => {
      const options = question.options.map((option, index) => ({ index, ...option }));
      return {
        id: question.id,
        type: question.type,
        textEn: question.textEn,
        textMr: question.textMr,
        image: question.image ? `${PHOTO_URL_PREFIX}${question.image}.jpg` : null,
        options: test.shuffle ? seededShuffle(options, `${attempt.id}:${question.id}`) : options,
        marks: question.marksX100 / 100,
        negativeMarks: question.negativeX100 / 100,
      };
    }),
    answers: answers.map((row) => ({
      questionId: row.questionId,
      answer: row.answer,
      review: row.review,
      seq: row.seq,
    })),
    result: attempt.gradedAt
      ? await resultOf(deps, { test, attempt, questions: questions.map((q) => q.question), answers })
      : null,
  };
}

async function resultOf(
  deps: Clocked,
  {
    test,
    attempt,
    questions,
    answers,
  }: {
    test: OnlineTestRow;
    attempt: TestAttemptRow;
    questions: QuestionRow[];
    answers: { questionId: number; answer: StoredAnswer | null }[];
  },
): Promise<AttemptResult> {
  const grade = gradeAttempt(questions, new Map(answers.map((row) => [row.questionId, row.answer])));
  const standing = await standingInTest(deps.db, test.id, attempt.scoreX100 ?? 0);
  const chapterNames = new Map<number, string>();
  for (const chapterId of new Set(questions.map((q) => q.chapterId))) {
    chapterNames.set(chapterId, (await findChapter(deps.db, chapterId))?.name ?? '');
  }
  const shown = answersShown(test, attempt, deps.clock());
  return {
    scoreX100: attempt.scoreX100 ?? grade.scoreX100,
    maxX100: grade.maxX100,
    correct: attempt.correct ?? grade.correct,
    wrong: attempt.wrong ?? grade.wrong,
    unanswered: attempt.unanswered ?? grade.unanswered,
    byChapter: (attempt.byChapter ?? grade.byChapter).map((c) => ({ ...c, name: chapterNames.get(c.chapterId) ?? '' })),
    // rankOf's rule (1 + how many did better), counted by the database: one row, not every score.
    rank: standing.above + 1,
    sat: standing.sat,
    timedOut: attempt.timedOut,
    review: shown
      ? questions.map((q) => ({
          questionId: q.id,
          outcome: grade.outcomes.get(q.id) ?? 'unanswered',
          key: q.key,
          explanationEn: q.explanationEn,
          explanationMr: q.explanationMr,
        }))
      : null,
  };
}

/**
 * PUT /api/student/attempts/{id}/answers/{questionId}: saves an answer as given. Idempotent: the same
 * or an older `seq` changes nothing (a late retry never overwrites a newer answer) and answers 200 with
 * `saved: false`; after the end it is refused (409), whatever its seq.
 */
export async function saveAnswer(deps: Clocked, a: AnswerSave): Promise<{ saved: boolean; seq: number }> {
  const now = deps.clock();
  if (await upsertAnswer(deps.db, { ...a, now })) return { saved: true, seq: a.seq };
  const attempt = await findOwnAttempt(deps.db, a);
  if (!attempt) throw new DomainError('NOT_FOUND', messages.attemptNotFound);
  if (attempt.gradedAt || attempt.endsAt <= now) throw new DomainError('CONFLICT', messages.attemptOver);
  if (!(await isQuestionOfTest(deps.db, attempt.testId, a.questionId)))
    throw new DomainError('NOT_FOUND', messages.questionNotFound);
  return { saved: false, seq: (await findSavedSeq(deps.db, a.attemptId, a.questionId)) ?? a.seq };
}

/** POST /api/student/attempts/{id}/submit: grades at once (again: the same result). */
export async function submitAttempt(
  deps: Clocked,
  { attemptId, studentId }: { attemptId: string; studentId: string },
): Promise<AttemptView> {
  const attempt = await findOwnAttempt(deps.db, { attemptId, studentId });
  if (!attempt) throw new DomainError('NOT_FOUND', messages.attemptNotFound);
  await deps.db.transaction((tx) => gradeOne(tx, attemptId, deps.clock(), true));
  return attemptViewOf(deps, { attemptId, studentId });
}

// Results for teachers and admins ------------------------------------------------------------------

export async function testAnalysisOf(
  deps: Clocked,
  { testId, by }: { testId: number; by: Actor },
): Promise<TestAnalysis> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new DomainError('NOT_FOUND', messages.testNotFound);
  const papers = await papersOf(deps.db, by);
  if (papers && !test.subjectCodes.every((code) => papers.includes(code)))
    throw new DomainError('FORBIDDEN', messages.subjectNotAssigned);
  await gradeOverdueAttempts(deps, { testId });
  const [questions, graded, answers, best, absent] = await Promise.all([
    listTestQuestions(deps.db, testId),
    listGradedAttempts(deps.db, testId),
    listAnswersOfTest(deps.db, testId),
    listBestScores(deps.db, testId),
    listAbsentStudents(deps.db, test),
  ]);
  const byAttempt = new Map<string, Map<number, StoredAnswer | null>>();
  for (const row of answers) {
    const map = byAttempt.get(row.attemptId) ?? new Map();
    map.set(row.questionId, row.answer);
    byAttempt.set(row.attemptId, map);
  }
  const rows = questions.map((q) => q.question);
  const outcomes: { scoreX100: number; outcomes: Map<number, Outcome> }[] = graded.map((attempt) => ({
    scoreX100: attempt.scoreX100 ?? 0,
    outcomes: gradeAttempt(rows, byAttempt.get(attempt.id) ?? new Map()).outcomes,
  }));
  const maxX100 = rows.reduce((sum, q) => sum + q.marksX100, 0);
  const scores = best.map((row) => row.scoreX100);
  return {
    test: toTest(test, questions.length),
    maxX100,
    sat: best.length,
    distribution: scoreDistribution(scores, maxX100),
    questions: questions.map(({ position, question }) => ({
      questionId: question.id,
      position,
      text: question.textEn ?? question.textMr ?? '',
      ...itemAnalysis(outcomes, question.id),
    })),
    attempts: best.map((row) => ({ ...row, rank: rankOf(row.scoreX100, scores) })),
    absent,
  };
}
