import type { QuestionInput } from '@app/domain/online-tests.schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { students, subjects } from '../db/schema';
import type { FileStore } from '../lib/file-store';
import {
  addChapter,
  createTest,
  saveAnswer,
  saveQuestion,
  startAttempt,
  submitAttempt,
} from '../modules/online-tests/online-tests.service';
import type { Actor } from '../plugins/auth';

type Q = Omit<QuestionInput, 'chapterId' | 'explanationMr' | 'image'>;

const algebra: Q[] = [
  {
    type: 'single',
    textEn: 'The roots of x² − 5x + 6 = 0 are',
    textMr: 'x² − 5x + 6 = 0 ची मुळे',
    options: [{ en: '2 and 3' }, { en: '1 and 6' }, { en: '−2 and −3' }, { en: '5 and 6' }],
    key: { choices: [0] },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'easy',
    explanationEn: '(x − 2)(x − 3) = 0.',
  },
  {
    type: 'numeric',
    textEn: 'The sum of the first 10 natural numbers',
    textMr: 'पहिल्या 10 नैसर्गिक संख्यांची बेरीज',
    options: [],
    key: { value: 55, tolerance: 0 },
    marks: 1,
    negativeMarks: 0,
    difficulty: 'easy',
    explanationEn: 'n(n + 1)/2 = 55.',
  },
  {
    type: 'multiple',
    textEn: 'Which are arithmetic progressions?',
    options: [{ en: '2, 4, 6, 8' }, { en: '1, 2, 4, 8' }, { en: '5, 3, 1, −1' }, { en: '1, 1, 2, 3' }],
    key: { choices: [0, 2] },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'medium',
    explanationEn: 'A common difference: 2 and −2.',
  },
  {
    type: 'truefalse',
    textEn: 'Every quadratic equation has two distinct real roots.',
    textMr: 'प्रत्येक वर्गसमीकरणाला दोन भिन्न वास्तव मुळे असतात.',
    options: [],
    key: { truth: false },
    marks: 1,
    negativeMarks: 0.25,
    difficulty: 'medium',
    explanationEn: 'When the discriminant is 0 or negative, not.',
  },
  {
    type: 'numeric',
    textEn: 'The discriminant of 2x² + 3x − 2 = 0',
    options: [],
    key: { value: 25, tolerance: 0 },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'hard',
    explanationEn: '9 + 16 = 25.',
  },
];
const geometry: Q[] = [
  {
    type: 'single',
    textEn: 'The angle in a semicircle is',
    textMr: 'अर्धवर्तुळातील कोन',
    options: [{ en: '45°' }, { en: '60°' }, { en: '90°' }, { en: '180°' }],
    key: { choices: [2] },
    marks: 1,
    negativeMarks: 0.25,
    difficulty: 'easy',
    explanationEn: "Thales' theorem.",
  },
  {
    type: 'numeric',
    textEn: 'The hypotenuse of a right triangle with legs 6 and 8',
    options: [],
    key: { value: 10, tolerance: 0 },
    marks: 1,
    negativeMarks: 0,
    difficulty: 'easy',
    explanationEn: '√(36 + 64) = 10.',
  },
  {
    type: 'truefalse',
    textEn: 'Similar triangles have equal areas.',
    textMr: 'समरूप त्रिकोणांची क्षेत्रफळे समान असतात.',
    options: [],
    key: { truth: false },
    marks: 1,
    negativeMarks: 0.25,
    difficulty: 'medium',
    explanationEn: 'Their areas are in the ratio of the squares of their sides.',
  },
  {
    type: 'single',
    textEn: 'The area of a circle of radius 7 (π = 22/7)',
    options: [{ en: '44' }, { en: '154' }, { en: '49' }, { en: '308' }],
    key: { choices: [1] },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'medium',
    explanationEn: '22/7 × 49 = 154.',
  },
  {
    type: 'numeric',
    textEn: 'sin 30° + cos 60°',
    options: [],
    key: { value: 1, tolerance: 0.001 },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'hard',
    explanationEn: '½ + ½ = 1.',
  },
];

/**
 * The question bank and online tests for the demo (issue 28), through the services the API uses: two
 * chapters of the 10th Mathematics paper, a test that closed a week ago which 40 students sat (so the
 * results screen has a distribution and ranks), and one open this week. Answers a student to sign in with.
 */
export async function seedOnlineTests(
  deps: { db: Db; files: FileStore },
  { admin }: { admin: Actor },
): Promise<{ studentId: string; dob: string } | undefined> {
  const { db } = deps;
  const tenth = await db
    .select()
    .from(subjects)
    .where(eq(subjects.standard, '10th'))
    .orderBy(asc(subjects.subjectCode));
  const maths = tenth.find((s) => /math/i.test(s.subjectName)) ?? tenth[0];
  if (!maths) return undefined;
  const now = new Date();
  const clock = () => now;
  const ids: number[] = [];
  const keys = new Map<number, Q['key']>();
  const chapterIds: number[] = [];
  for (const [name, bank] of [
    ['Quadratic Equations and Progressions', algebra],
    ['Geometry and Trigonometry', geometry],
  ] as const) {
    const chapter = await addChapter(db, { subjectCode: maths.subjectCode, name, by: admin });
    chapterIds.push(chapter.id);
    for (const q of bank) {
      const saved = await saveQuestion(
        { ...deps, clock },
        { input: { ...q, chapterId: chapter.id, image: null, explanationMr: null }, by: admin },
      );
      ids.push(saved.id);
      keys.set(saved.id, q.key);
    }
  }
  const day = 86_400_000;
  const past = await createTest(db, {
    input: {
      title: `${maths.subjectName}: weekly practice 1`,
      standards: ['10th'],
      branches: [],
      subjectCodes: [maths.subjectCode],
      questionIds: ids,
      draw: [],
      durationMinutes: 30,
      opensAt: new Date(now.getTime() - 8 * day).toISOString(),
      closesAt: new Date(now.getTime() - 7 * day).toISOString(),
      attemptsAllowed: 1,
      shuffle: true,
      showAnswers: 'after_close',
    },
    by: admin,
  });
  await createTest(db, {
    input: {
      title: `${maths.subjectName}: weekly practice 2`,
      standards: ['10th'],
      branches: [],
      subjectCodes: [maths.subjectCode],
      questionIds: [],
      draw: chapterIds.map((chapterId) => ({ chapterId, count: 3 })),
      durationMinutes: 20,
      opensAt: new Date(now.getTime() - day).toISOString(),
      closesAt: new Date(now.getTime() + 7 * day).toISOString(),
      attemptsAllowed: 2,
      shuffle: true,
      showAnswers: 'after_submit',
    },
    by: admin,
  });
  return sitPastTest(deps, { testId: past.id, keys, at: new Date(now.getTime() - 8 * day + 3_600_000) });
}

async function sitPastTest(
  deps: { db: Db },
  { testId, keys, at }: { testId: number; keys: Map<number, Q['key']>; at: Date },
): Promise<{ studentId: string; dob: string } | undefined> {
  const tenth = await deps.db
    .select({ studentId: students.studentId, dob: students.dob })
    .from(students)
    // Those whose parent consented (issue 27): the one answered for the demo's sign-in can sign in.
    .where(and(eq(students.standard, '10th'), eq(students.status, 'active'), eq(students.consentState, 'given')))
    .orderBy(asc(students.studentId))
    .limit(41);
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const clock = () => at;
  // The first student is left for the person trying the demo: they sit this week's test themselves.
  for (const student of tenth.slice(1)) {
    const view = await startAttempt({ db: deps.db, clock }, { testId, studentId: student.studentId });
    const skill = random();
    let seq = 0;
    for (const question of view.questions) {
      if (random() < 0.15) continue;
      seq += 1;
      const right = random() < 0.3 + skill * 0.6;
      const key = keys.get(question.id);
      if (!key) continue;
      const answer =
        'value' in key
          ? { value: right ? key.value : key.value + 1 }
          : 'truth' in key
            ? { truth: right ? key.truth : !key.truth }
            : { choices: right ? key.choices : [(key.choices[0] ?? 0) === 0 ? 1 : 0] };
      await saveAnswer(
        { db: deps.db, clock },
        {
          attemptId: view.attemptId,
          studentId: student.studentId,
          questionId: question.id,
          answer,
          review: false,
          seq,
        },
      );
    }
    await submitAttempt({ db: deps.db, clock }, { attemptId: view.attemptId, studentId: student.studentId });
  }
  return tenth[0];
}
