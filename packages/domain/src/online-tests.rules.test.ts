import { describe, expect, it } from 'vitest';
import {
  answersShown,
  attemptEndsAt,
  type GradableQuestion,
  gradeAttempt,
  itemAnalysis,
  type Outcome,
  outcomeOf,
  rankOf,
  scoreDistribution,
  seededShuffle,
  testStatusFor,
} from './online-tests.rules';

describe('outcomeOf: every type', () => {
  it('one correct option', () => {
    expect(outcomeOf('single', { choices: [2] }, { choices: [2] })).toBe('correct');
    expect(outcomeOf('single', { choices: [2] }, { choices: [1] })).toBe('wrong');
    expect(outcomeOf('single', { choices: [2] }, { choices: [] })).toBe('unanswered');
    expect(outcomeOf('single', { choices: [2] }, null)).toBe('unanswered');
    expect(outcomeOf('single', { choices: [2] }, { value: 2 })).toBe('wrong');
  });
  it('several correct: all and only the right ones, in any order', () => {
    expect(outcomeOf('multiple', { choices: [0, 2] }, { choices: [2, 0] })).toBe('correct');
    expect(outcomeOf('multiple', { choices: [0, 2] }, { choices: [0] })).toBe('wrong');
    expect(outcomeOf('multiple', { choices: [0, 2] }, { choices: [0, 1, 2] })).toBe('wrong');
  });
  it('a number within the tolerance, both ends included; no float drift', () => {
    expect(outcomeOf('numeric', { value: 3.14, tolerance: 0.01 }, { value: 3.15 })).toBe('correct');
    expect(outcomeOf('numeric', { value: 3.14, tolerance: 0.01 }, { value: 3.13 })).toBe('correct');
    expect(outcomeOf('numeric', { value: 3.14, tolerance: 0.01 }, { value: 3.151 })).toBe('wrong');
    expect(outcomeOf('numeric', { value: 0.3, tolerance: 0 }, { value: 0.1 + 0.2 })).toBe('correct');
    expect(outcomeOf('numeric', { value: -5, tolerance: 0 }, { value: 5 })).toBe('wrong');
  });
  it('true or false', () => {
    expect(outcomeOf('truefalse', { truth: false }, { truth: false })).toBe('correct');
    expect(outcomeOf('truefalse', { truth: false }, { truth: true })).toBe('wrong');
    expect(outcomeOf('truefalse', { truth: false }, { choices: [0] })).toBe('wrong');
  });
});

describe('gradeAttempt', () => {
  const questions: GradableQuestion[] = [
    { id: 1, chapterId: 10, type: 'single', key: { choices: [0] }, marksX100: 400, negativeX100: 100 },
    { id: 2, chapterId: 10, type: 'multiple', key: { choices: [0, 1] }, marksX100: 200, negativeX100: 50 },
    { id: 3, chapterId: 20, type: 'numeric', key: { value: 9.8, tolerance: 0.1 }, marksX100: 100, negativeX100: 25 },
    { id: 4, chapterId: 20, type: 'truefalse', key: { truth: true }, marksX100: 100, negativeX100: 0 },
  ];
  it('adds marks for right answers, takes the negative marks for wrong ones, nothing for none', () => {
    const grade = gradeAttempt(
      questions,
      new Map([
        [1, { choices: [0] }],
        [2, { choices: [1] }],
        [3, { value: 10 }],
      ]),
    );
    expect(grade).toMatchObject({ scoreX100: 400 - 50 - 25, maxX100: 800, correct: 1, wrong: 2, unanswered: 1 });
    expect(grade.byChapter).toEqual([
      { chapterId: 10, scoreX100: 350, maxX100: 600 },
      { chapterId: 20, scoreX100: -25, maxX100: 200 },
    ]);
  });
  it('can go below zero, and a cleared answer is unanswered', () => {
    const grade = gradeAttempt(
      questions,
      new Map([
        [1, { choices: [3] }],
        [4, null],
      ]),
    );
    expect(grade).toMatchObject({ scoreX100: -100, unanswered: 3 });
  });
});

describe('seededShuffle', () => {
  const items = Array.from({ length: 30 }, (_, i) => i);
  it('is the same for the same seed, a permutation, and differs between seeds', () => {
    const a = seededShuffle(items, '0b8f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(seededShuffle(items, '0b8f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(a).not.toEqual(items);
    expect(seededShuffle(items, '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f')).not.toEqual(a);
  });
});

describe('the clock rules', () => {
  it('an attempt ends after its duration, or at the close, whichever is first (across midnight in India)', () => {
    const start = new Date('2026-03-31T18:15:00Z'); // 11:45 PM, 31 March, Asia/Kolkata
    expect(attemptEndsAt(start, 30, new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-03-31T18:45:00.000Z');
    expect(attemptEndsAt(start, 30, new Date('2026-03-31T18:30:00Z')).toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });
  it('status: upcoming, open with a sitting or attempts left, done', () => {
    const test = {
      opensAt: new Date('2026-01-01T00:00:00Z'),
      closesAt: new Date('2026-01-02T00:00:00Z'),
      attemptsAllowed: 1,
    };
    expect(testStatusFor(test, [], new Date('2025-12-31T23:59:59Z'))).toBe('upcoming');
    expect(testStatusFor(test, [], new Date('2026-01-01T10:00:00Z'))).toBe('open');
    const running = { gradedAt: null, endsAt: new Date('2026-01-01T11:00:00Z') };
    expect(testStatusFor(test, [running], new Date('2026-01-01T10:30:00Z'))).toBe('open');
    expect(testStatusFor(test, [running], new Date('2026-01-01T11:00:00Z'))).toBe('done');
    expect(testStatusFor(test, [], new Date('2026-01-02T00:00:00Z'))).toBe('done');
  });
  it('answers shown after submitting, or only once the window closes', () => {
    const closesAt = new Date('2026-01-02T00:00:00Z');
    const graded = { gradedAt: new Date('2026-01-01T10:00:00Z') };
    expect(answersShown({ showAnswers: 'after_submit', closesAt }, graded, new Date('2026-01-01T10:00:00Z'))).toBe(
      true,
    );
    expect(answersShown({ showAnswers: 'after_close', closesAt }, graded, new Date('2026-01-01T23:59:59Z'))).toBe(
      false,
    );
    expect(answersShown({ showAnswers: 'after_close', closesAt }, graded, closesAt)).toBe(true);
    expect(answersShown({ showAnswers: 'after_submit', closesAt }, { gradedAt: null }, closesAt)).toBe(false);
  });
});

describe('results', () => {
  it('ranks share equal scores', () => {
    expect([90, 80, 80, 70].map((s) => rankOf(s, [90, 80, 80, 70]))).toEqual([1, 2, 2, 4]);
  });
  it('difficulty is the share right; discrimination top third less bottom third', () => {
    const at = (score: number, outcome: Outcome) => ({ scoreX100: score, outcomes: new Map([[1, outcome]]) });
    const rows = [
      at(90, 'correct'),
      at(80, 'correct'),
      at(70, 'correct'),
      at(60, 'wrong'),
      at(50, 'wrong'),
      at(40, 'unanswered'),
    ];
    expect(itemAnalysis(rows, 1)).toEqual({ difficulty: 0.5, discrimination: 1 });
    expect(itemAnalysis([], 1)).toEqual({ difficulty: null, discrimination: null });
    expect(itemAnalysis([at(1, 'correct')], 1).discrimination).toBeNull();
  });
  it('distribution by tenths of the maximum, negatives in the first, full marks in the last', () => {
    expect(scoreDistribution([-100, 0, 550, 1000], 1000)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});
