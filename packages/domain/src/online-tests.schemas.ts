import { z } from 'zod';
import { optionalText, requiredText, wholeNumber } from './common.schemas';
import { messages } from './messages';
import type { AnswerShowing, Difficulty, QuestionType, StoredAnswer, StoredKey } from './online-tests.rules';
import { standards } from './standards.rules';

export type { AnswerShowing, Difficulty, QuestionType, StoredAnswer, StoredKey };

export const questionTypes = ['single', 'multiple', 'numeric', 'truefalse'] as const;
export const difficulties = ['easy', 'medium', 'hard'] as const;
export const answerShowings = ['after_submit', 'after_close'] as const;

export const questionTypeLabels: Record<QuestionType, string> = {
  single: 'One correct option',
  multiple: 'Several correct options',
  numeric: 'A number',
  truefalse: 'True or false',
};
export const difficultyLabels: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

const MAX_OPTIONS = 8;
const id = (message: string) => wholeNumber({ required: message, invalid: message, min: 1, max: 2_147_483_647 });
/** Marks as a number with at most two decimals, 0–100 (stored ×100). */
const marks = (message: string, min: number) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(100, { error: message })
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      {
        error: message,
      },
    );
const finite = (message: string) =>
  z.number({ error: message }).min(-1e9, { error: message }).max(1e9, { error: message });

export const answerSchema = z.union(
  [
    z.strictObject({
      choices: z
        .array(
          z
            .int()
            .min(0)
            .max(MAX_OPTIONS - 1),
        )
        .max(MAX_OPTIONS),
    }),
    z.strictObject({ value: finite(messages.answerInvalid) }),
    z.strictObject({ truth: z.boolean() }),
  ],
  { error: messages.answerInvalid },
);

const keySchema = z.union(
  [
    z.strictObject({
      choices: z
        .array(
          z
            .int()
            .min(0)
            .max(MAX_OPTIONS - 1),
        )
        .min(1)
        .max(MAX_OPTIONS),
    }),
    z.strictObject({ value: finite(messages.questionKeyInvalid), tolerance: z.number().min(0).max(1e6) }),
    z.strictObject({ truth: z.boolean() }),
  ],
  { error: messages.questionKeyInvalid },
);

const optionSchema = z.object({ en: optionalText(500).nullish(), mr: optionalText(500).nullish() });

// Sign-in --------------------------------------------------------------------------------------------

/** POST /api/student/login: the student's ID and date of birth. */
export const studentLoginRequest = z.object({
  studentId: requiredText(20, messages.studentIdRequired),
  dob: requiredText(10, messages.studentDobRequired),
});
export const studentSession = z.object({
  token: z.string(),
  expiresAt: z.number(),
  studentId: z.string(),
  studentName: z.string(),
});
export type StudentSession = z.infer<typeof studentSession>;

export const portalSettingsSchema = z.object({ studentSignIn: z.boolean() });
export type PortalSettings = z.infer<typeof portalSettingsSchema>;
export const portalSettingsRequest = z.object({ studentSignIn: z.boolean({ error: messages.flagValueInvalid }) });

// Question bank --------------------------------------------------------------------------------------

/** A paper the user may write questions and tests for, named: a teacher's assigned ones, an admin's all. */
export const paperChoice = z.object({
  subjectCode: z.number(),
  subjectName: z.string(),
  standard: z.string(),
  language: z.string(),
  examYear: z.number(),
});
export type PaperChoice = z.infer<typeof paperChoice>;

/** How a paper is shown in a chooser: its name, standard and year, never its bare code. */
export const paperLabel = (paper: PaperChoice) => `${paper.subjectName} (${paper.standard}, ${paper.examYear})`;

export const chapterRequest = z.object({
  subjectCode: id(messages.subjectCodeInvalid),
  name: requiredText(120, messages.chapterNameRequired),
});
export const chapter = z.object({ id: z.number(), subjectCode: z.number(), name: z.string(), questions: z.number() });
export type Chapter = z.infer<typeof chapter>;
export const chaptersQuery = z.object({ subjectCode: id(messages.subjectCodeInvalid).optional() });

/** A question as its writer sends it; the type decides which of options and key apply. */
export const questionRequest = z
  .object({
    chapterId: id(messages.chapterNotFound),
    type: z.enum(questionTypes, { error: messages.questionTypeInvalid }),
    textEn: optionalText(4000, { multiline: true }).nullish(),
    textMr: optionalText(4000, { multiline: true }).nullish(),
    image: optionalText(200).nullish(),
    options: z.array(optionSchema).max(MAX_OPTIONS, { error: messages.questionOptionsInvalid }).default([]),
    key: keySchema,
    marks: marks(messages.questionMarksInvalid, 0.01),
    negativeMarks: marks(messages.questionMarksInvalid, 0).default(0),
    difficulty: z.enum(difficulties, { error: messages.difficultyInvalid }),
    explanationEn: optionalText(4000, { multiline: true }).nullish(),
    explanationMr: optionalText(4000, { multiline: true }).nullish(),
  })
  .superRefine((q, ctx) => {
    if (!q.textEn && !q.textMr)
      ctx.addIssue({ code: 'custom', path: ['textEn'], message: messages.questionTextRequired });
    const choice = q.type === 'single' || q.type === 'multiple';
    if (choice) {
      if (q.options.length < 2 || q.options.some((o) => !o.en && !o.mr)) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: messages.questionOptionsInvalid });
      }
      const keyOk =
        'choices' in q.key &&
        q.key.choices.every((c) => c < q.options.length) &&
        new Set(q.key.choices).size === q.key.choices.length &&
        (q.type === 'multiple' || q.key.choices.length === 1);
      if (!keyOk) ctx.addIssue({ code: 'custom', path: ['key'], message: messages.questionKeyInvalid });
    } else {
      if (q.options.length > 0)
        ctx.addIssue({ code: 'custom', path: ['options'], message: messages.questionOptionsInvalid });
      const keyOk = q.type === 'numeric' ? 'tolerance' in q.key : 'truth' in q.key;
      if (!keyOk) ctx.addIssue({ code: 'custom', path: ['key'], message: messages.questionKeyInvalid });
    }
  });
export type QuestionRequest = z.input<typeof questionRequest>;
export type QuestionInput = z.output<typeof questionRequest>;

export const question = z.object({
  id: z.number(),
  chapterId: z.number(),
  subjectCode: z.number(),
  type: z.enum(questionTypes),
  textEn: z.string().nullable(),
  textMr: z.string().nullable(),
  image: z.string().nullable(),
  options: z.array(z.object({ en: z.string().nullable(), mr: z.string().nullable() })),
  key: z.unknown(),
  marks: z.number(),
  negativeMarks: z.number(),
  difficulty: z.enum(difficulties),
  explanationEn: z.string().nullable(),
  explanationMr: z.string().nullable(),
});
export type Question = z.infer<typeof question>;
export const questionsQuery = z.object({
  chapterId: id(messages.chapterNotFound).optional(),
  subjectCode: id(messages.subjectCodeInvalid).optional(),
});
export const idParams = z.object({ id: id(messages.notFound) });

// Tests ----------------------------------------------------------------------------------------------

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

export const testRequest = z
  .object({
    title: requiredText(200, messages.testTitleRequired),
    standards: z
      .array(z.enum(standards, { error: messages.standardInvalid }))
      .min(1, { error: messages.standardInvalid })
      .max(4),
    branches: z.array(requiredText(20, messages.mediumOrGroupRequired)).max(10).default([]),
    subjectCodes: z.array(id(messages.subjectCodeInvalid)).min(1, { error: messages.subjectCodeInvalid }).max(20),
    questionIds: z.array(id(messages.questionNotFound)).max(500).default([]),
    draw: z
      .array(
        z.object({
          chapterId: id(messages.chapterNotFound),
          difficulty: z.enum(difficulties, { error: messages.difficultyInvalid }).optional(),
          count: z
            .int({ error: messages.drawCountInvalid })
            .min(1, { error: messages.drawCountInvalid })
            .max(200, { error: messages.drawCountInvalid }),
        }),
      )
      .max(50)
      .default([]),
    durationMinutes: z
      .int({ error: messages.durationInvalid })
      .min(1, { error: messages.durationInvalid })
      .max(600, { error: messages.durationInvalid }),
    opensAt: instant(messages.testWindowInvalid),
    closesAt: instant(messages.testWindowInvalid),
    attemptsAllowed: z
      .int({ error: messages.attemptsInvalid })
      .min(1, { error: messages.attemptsInvalid })
      .max(20, { error: messages.attemptsInvalid })
      .default(1),
    shuffle: z.boolean().default(false),
    showAnswers: z.enum(answerShowings, { error: messages.answerShowingInvalid }).default('after_submit'),
  })
  .superRefine((t, ctx) => {
    if (Date.parse(t.closesAt) <= Date.parse(t.opensAt)) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: messages.testWindowInvalid });
    }
    if (t.questionIds.length === 0 && t.draw.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['questionIds'], message: messages.testQuestionsRequired });
    }
  });
export type TestRequest = z.input<typeof testRequest>;
export type TestInput = z.output<typeof testRequest>;

export const onlineTest = z.object({
  id: z.number(),
  title: z.string(),
  standards: z.array(z.string()),
  branches: z.array(z.string()),
  subjectCodes: z.array(z.number()),
  durationMinutes: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  attemptsAllowed: z.number(),
  shuffle: z.boolean(),
  showAnswers: z.enum(answerShowings),
  questions: z.number(),
});
export type OnlineTest = z.infer<typeof onlineTest>;

/** One question as a student sees it while sitting: no key, options with their own numbers. */
export const paperQuestion = z.object({
  id: z.number(),
  type: z.enum(questionTypes),
  textEn: z.string().nullable(),
  textMr: z.string().nullable(),
  image: z.string().nullable(),
  options: z.array(z.object({ index: z.number(), en: z.string().nullable(), mr: z.string().nullable() })),
  marks: z.number(),
  negativeMarks: z.number(),
});
export const savedAnswer = z.object({
  questionId: z.number(),
  answer: answerSchema.nullable(),
  review: z.boolean(),
  seq: z.number(),
});
export type SavedAnswer = z.infer<typeof savedAnswer>;

export const attemptResult = z.object({
  scoreX100: z.number(),
  maxX100: z.number(),
  correct: z.number(),
  wrong: z.number(),
  unanswered: z.number(),
  byChapter: z.array(z.object({ chapterId: z.number(), name: z.string(), scoreX100: z.number(), maxX100: z.number() })),
  rank: z.number(),
  sat: z.number(),
  timedOut: z.boolean(),
  /** Present once the test says answers may be shown. */
  review: z
    .array(
      z.object({
        questionId: z.number(),
        outcome: z.enum(['correct', 'wrong', 'unanswered']),
        key: z.unknown(),
        explanationEn: z.string().nullable(),
        explanationMr: z.string().nullable(),
      }),
    )
    .nullable(),
});
export type AttemptResult = z.infer<typeof attemptResult>;

/** GET /api/student/attempts/{id}: the sitting (questions in the student's order, saved answers) or its result. */
export const attemptView = z.object({
  attemptId: z.string(),
  testId: z.number(),
  title: z.string(),
  startedAt: z.string(),
  endsAt: z.string(),
  /** The server's now, so the phone's countdown does not trust the phone's clock. */
  serverNow: z.string(),
  finished: z.boolean(),
  questions: z.array(paperQuestion),
  answers: z.array(savedAnswer),
  result: attemptResult.nullable(),
});
export type AttemptView = z.infer<typeof attemptView>;

export const saveAnswerRequest = z.object({
  answer: answerSchema.nullable(),
  review: z.boolean().default(false),
  seq: z
    .int({ error: messages.answerInvalid })
    .min(1, { error: messages.answerInvalid })
    .max(2_000_000_000, { error: messages.answerInvalid }),
});
export const saveAnswerResponse = z.object({ saved: z.boolean(), seq: z.number() });
export const attemptAnswerParams = z.object({
  attemptId: z.uuid({ error: messages.attemptNotFound }),
  questionId: id(messages.questionNotFound),
});
export const attemptParams = z.object({ attemptId: z.uuid({ error: messages.attemptNotFound }) });

export const studentTest = z.object({
  id: z.number(),
  title: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  durationMinutes: z.number(),
  questions: z.number(),
  attemptsAllowed: z.number(),
  attemptsUsed: z.number(),
  status: z.enum(['upcoming', 'open', 'done']),
  /** The sitting under way, to resume. */
  runningAttemptId: z.string().nullable(),
  /** The latest graded sitting's score. */
  last: z.object({ attemptId: z.string(), scoreX100: z.number(), maxX100: z.number() }).nullable(),
});
export type StudentTest = z.infer<typeof studentTest>;

// Results for teachers -------------------------------------------------------------------------------

export const testAnalysis = z.object({
  test: onlineTest,
  maxX100: z.number(),
  sat: z.number(),
  distribution: z.array(z.number()),
  questions: z.array(
    z.object({
      questionId: z.number(),
      position: z.number(),
      text: z.string(),
      difficulty: z.number().nullable(),
      discrimination: z.number().nullable(),
    }),
  ),
  attempts: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      scoreX100: z.number(),
      rank: z.number(),
      timedOut: z.boolean(),
    }),
  ),
  absent: z.array(z.object({ studentId: z.string(), studentName: z.string() })),
});
export type TestAnalysis = z.infer<typeof testAnalysis>;

// The student's page ---------------------------------------------------------------------------------

/** GET /api/student/me: what the student's own page shows. */
export const studentProfile = z.object({
  studentId: z.string(),
  studentName: z.string(),
  motherName: z.string(),
  dob: z.string(),
  standard: z.string(),
  branch: z.string(),
  schoolCollege: z.string(),
  photoUrl: z.string(),
  centre: z.string(),
  seatNumber: z.string().nullable(),
  examYear: z.number(),
  timetable: z.array(
    z.object({
      subjectCode: z.number(),
      subjectName: z.string(),
      examDate: z.string().nullable(),
      examTime: z.string().nullable(),
    }),
  ),
  hallTicketReleased: z.boolean(),
  resultReleased: z.boolean(),
  fees: z.object({
    totalPaise: z.number(),
    paidPaise: z.number(),
    remainingPaise: z.number(),
    dueDate: z.string().nullable(),
    payments: z.array(
      z.object({
        paymentId: z.number(),
        amountPaise: z.number(),
        paymentMode: z.string(),
        systemReceiptNo: z.string(),
        paidAt: z.string(),
      }),
    ),
  }),
});
export type StudentProfile = z.infer<typeof studentProfile>;
export const paymentIdParams = z.object({ paymentId: id(messages.paymentNotFound) });

// Excel import ---------------------------------------------------------------------------------------

/** The question template's columns, in order (the import finds them by these headers). */
export const questionSheetColumns = [
  'Chapter',
  'Type',
  'Question (English)',
  'Question (Marathi)',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Option E',
  'Option F',
  'Answer',
  'Tolerance',
  'Marks',
  'Negative Marks',
  'Difficulty',
  'Explanation (English)',
  'Explanation (Marathi)',
] as const;

export const questionImportQuery = z.object({
  subjectCode: id(messages.subjectCodeInvalid),
  save: z.enum(['true', 'false']).default('false'),
});
export const questionTemplateQuery = z.object({ subjectCode: id(messages.subjectCodeInvalid) });
export const questionImportReport = z.object({
  message: z.string(),
  saved: z.boolean(),
  rows: z.number(),
  newChapters: z.array(z.string()),
  issues: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type QuestionImportReport = z.infer<typeof questionImportReport>;
