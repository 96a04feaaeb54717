/**
 * The rules of online tests (issue 28): shuffling stable per student, the end of an attempt, grading
 * of every question type with negative marks, a test's status for a student, and the item analysis.
 * Marks are hundredths (100 = 1 mark), so ¼ negative marks stay integers.
 */

export type QuestionType = 'single' | 'multiple' | 'numeric' | 'truefalse';
export type Difficulty = 'easy' | 'medium' | 'hard';
export type AnswerShowing = 'after_submit' | 'after_close';

/** The right answer of a question, as stored. */
export type StoredKey = { choices: number[] } | { value: number; tolerance: number } | { truth: boolean };
/** A student's answer, as stored (null when cleared). */
export type StoredAnswer = { choices: number[] } | { value: number } | { truth: boolean };

export type Outcome = 'correct' | 'wrong' | 'unanswered';

/** 32-bit FNV-1a of a text: the seed of a student's order. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small, fast, seeded generator (not for secrets; for an order). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The items in an order fixed by the seed (an attempt's id, plus what is shuffled): the same attempt
 * sees the same order on every phone and after every reload; another attempt sees another.
 */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const next = generator(hashOf(seed));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** When an attempt started at `startedAt` ends: its duration, cut short by the window's close. */
export function attemptEndsAt(startedAt: Date, durationMinutes: number, closesAt: Date): Date {
  return new Date(Math.min(startedAt.getTime() + durationMinutes * 60_000, closesAt.getTime()));
}

/** The outcome of one answer against the key. Several correct: all and only the right options. */
export function outcomeOf(type: QuestionType, key: StoredKey, answer: StoredAnswer | null | undefined): Outcome {
  if (!answer) return 'unanswered';
  if (type === 'single' || type === 'multiple') {
    if (!('choices' in answer) || !('choices' in key)) return 'wrong';
    if (answer.choices.length === 0) return 'unanswered';
    const given = [...new Set(answer.choices)].sort((a, b) => a - b);
    const right = [...new Set(key.choices)].sort((a, b) => a - b);
    return given.length === right.length && given.every((c, i) => c === right[i]) ? 'correct' : 'wrong';
  }
  if (type === 'numeric') {
    if (!('value' in answer) || !('value' in key) || !('tolerance' in key)) return 'wrong';
    // Compared in millionths, so 0.1 + 0.2 against 0.3 with no tolerance is right.
    const gap = Math.abs(Math.round(answer.value * 1e6) - Math.round(key.value * 1e6));
    return gap <= Math.round(key.tolerance * 1e6) ? 'correct' : 'wrong';
  }
  if (!('truth' in answer) || !('truth' in key)) return 'wrong';
  return answer.truth === key.truth ? 'correct' : 'wrong';
}

export type GradableQuestion = {
  id: number;
  chapterId: number;
  type: QuestionType;
  key: StoredKey;
  marksX100: number;
  negativeX100: number;
};

export type Grade = {
  scoreX100: number;
  maxX100: number;
  correct: number;
  wrong: number;
  unanswered: number;
  byChapter: { chapterId: number; scoreX100: number; maxX100: number }[];
  outcomes: Map<number, Outcome>;
};

/** Grades an attempt: marks for a right answer, the negative marks for a wrong one, nothing for none. */
export function gradeAttempt(
  questions: readonly GradableQuestion[],
  answers: ReadonlyMap<number, StoredAnswer | null>,
): Grade {
  const grade: Grade = {
    scoreX100: 0,
    maxX100: 0,
    correct: 0,
    wrong: 0,
    unanswered: 0,
    byChapter: [],
    outcomes: new Map(),
  };
  const chapters = new Map<number, { chapterId: number; scoreX100: number; maxX100: number }>();
  for (const question of questions) {
    const outcome = outcomeOf(question.type, question.key, answers.get(question.id));
    const points = outcome === 'correct' ? question.marksX100 : outcome === 'wrong' ? -question.negativeX100 : 0;
    grade[outcome] += 1;
    grade.scoreX100 += points;
    grade.maxX100 += question.marksX100;
    grade.outcomes.set(question.id, outcome);
    const chapter = chapters.get(question.chapterId) ?? { chapterId: question.chapterId, scoreX100: 0, maxX100: 0 };
    chapter.scoreX100 += points;
    chapter.maxX100 += question.marksX100;
    chapters.set(question.chapterId, chapter);
  }
  grade.byChapter = [...chapters.values()].sort((a, b) => a.chapterId - b.chapterId);
  return grade;
}

export type TestStatus = 'upcoming' | 'open' | 'done';

/** Where a test stands for a student: not yet open, open to them (a sitting under way or one left), or done. */
export function testStatusFor(
  test: { opensAt: Date; closesAt: Date; attemptsAllowed: number },
  attempts: readonly { gradedAt: Date | null; endsAt: Date }[],
  now: Date,
): TestStatus {
  if (now < test.opensAt) return 'upcoming';
  const running = attempts.some((a) => !a.gradedAt && a.endsAt > now);
  if (running) return 'open';
  if (now >= test.closesAt || attempts.length >= test.attemptsAllowed) return 'done';
  return 'open';
}

/** Whether the right answers and explanations may be shown for a graded attempt. */
export function answersShown(
  test: { showAnswers: AnswerShowing; closesAt: Date },
  attempt: { gradedAt: Date | null },
  now: Date,
): boolean {
  if (!attempt.gradedAt) return false;
  return test.showAnswers === 'after_submit' || now >= test.closesAt;
}

/** 1 + how many scored more (each student's best), so equal scores share a rank. */
export function rankOf(score: number, allScores: readonly number[]): number {
  return 1 + allScores.filter((other) => other > score).length;
}

/**
 * Item analysis of a question over the graded attempts: difficulty is the share who got it right;
 * discrimination the share right in the top third (by score) less the share right in the bottom third.
 */
export function itemAnalysis(
  attempts: readonly { scoreX100: number; outcomes: ReadonlyMap<number, Outcome> }[],
  questionId: number,
): { difficulty: number | null; discrimination: number | null } {
  if (attempts.length === 0) return { difficulty: null, discrimination: null };
  const right = (rows: readonly { outcomes: ReadonlyMap<number, Outcome> }[]) =>
    rows.filter((row) => row.outcomes.get(questionId) === 'correct').length / rows.length;
  const sorted = [...attempts].sort((a, b) => b.scoreX100 - a.scoreX100);
  const third = Math.floor(sorted.length / 3);
  return {
    difficulty: right(sorted),
    discrimination: third === 0 ? null : right(sorted.slice(0, third)) - right(sorted.slice(-third)),
  };
}

/** How many attempts fall in each tenth of the maximum (0–10 %, …, 90–100 %); negatives in the first. */
export function scoreDistribution(scores: readonly number[], maxX100: number): number[] {
  const buckets = Array.from({ length: 10 }, () => 0);
  for (const score of scores) {
    const share = maxX100 > 0 ? score / maxX100 : 0;
    const index = Math.min(9, Math.max(0, Math.floor(share * 10)));
    buckets[index] = (buckets[index] ?? 0) + 1;
  }
  return buckets;
}

/** '2.5' from 250 hundredths; '-0.25' from -25. */
export function marksText(x100: number): string {
  return String(x100 / 100);
}
