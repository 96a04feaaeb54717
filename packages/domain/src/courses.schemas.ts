import { z } from 'zod';
import { isoDateSchema, numberField, requiredText, whenValid } from './common.schemas';
import { MAX_INSTALMENTS, planKinds } from './courses.rules';
import { messages } from './messages';
import { MAX_AMOUNT_RUPEES, toPaise } from './money.rules';
import { standards } from './standards.rules';
import { studentIdParams } from './students.schemas';

/**
 * Courses an exam session offers, and concessions on a student's fee (issue 25;
 * docs/decisions/015-courses-and-concessions.md). Amounts travel in rupees, as everywhere at the API's
 * edge; the server keeps paise.
 */

const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,8}$/, { error: message })
    .transform(Number);

export const courseParams = z.object({ id: idParam(messages.courseNotFound) });
export const concessionParams = z.object({ id: idParam(messages.concessionIdInvalid) });

const feeRupees = numberField({
  required: messages.courseFeeInvalid,
  invalid: messages.courseFeeInvalid,
  min: 1,
  max: MAX_AMOUNT_RUPEES,
  decimals: 2,
});

const instalmentRequest = z.object(
  {
    dueDate: isoDateSchema,
    /** Rupees in an amount plan, a percentage (two decimals) in a percent plan. */
    value: numberField({
      required: messages.coursePlanInvalid,
      invalid: messages.coursePlanInvalid,
      min: 0.01,
      max: MAX_AMOUNT_RUPEES,
      decimals: 2,
    }),
  },
  { error: messages.coursePlanInvalid },
);

const branchName = requiredText(20, messages.courseBranchInvalid);

/** Create or edit a course (PUT sends every field again; the session of a course never changes). */
export const courseRequest = z
  .object({
    name: requiredText(100, messages.courseNameRequired),
    standard: z.enum(standards, { error: messages.standardRequired }),
    branches: z
      .array(branchName, { error: messages.courseBranchesRequired })
      .min(1, { error: messages.courseBranchesRequired })
      .max(10, { error: messages.courseBranchInvalid })
      .refine((list) => new Set(list.map((b) => b.toLowerCase())).size === list.length, {
        error: messages.courseBranchInvalid,
      }),
    fee: feeRupees,
    /** An empty plan: the fee is paid as the counsellor agrees, one due date at a time (as before courses). */
    planKind: z.enum(planKinds, { error: messages.coursePlanKindInvalid }).default('amount'),
    instalments: z
      .array(instalmentRequest, { error: messages.coursePlanInvalid })
      .max(MAX_INSTALMENTS, { error: messages.coursePlanInvalid })
      .default([]),
    /** Offered to new registrations (default yes); a course is never deleted, only no longer offered. */
    offered: z.boolean({ error: 'offered is true or false' }).default(true),
  })
  .refine((value) => value.instalments.every((one, i, all) => i === 0 || one.dueDate > (all[i - 1]?.dueDate ?? '')), {
    path: ['instalments'],
    error: messages.coursePlanDatesOrder,
    when: whenValid('instalments'),
  })
  .refine(
    (value) =>
      value.instalments.length === 0 ||
      value.planKind !== 'amount' ||
      value.instalments.reduce((sum, one) => sum + toPaise(one.value), 0) === toPaise(value.fee),
    {
      path: ['instalments'],
      error: messages.coursePlanAmountsTotal,
      when: whenValid('instalments', 'fee', 'planKind'),
    },
  )
  .refine(
    (value) =>
      value.instalments.length === 0 ||
      value.planKind !== 'percent' ||
      value.instalments.reduce((sum, one) => sum + toPaise(one.value), 0) === 10_000,
    { path: ['instalments'], error: messages.coursePlanPercentTotal, when: whenValid('instalments', 'planKind') },
  );
export type CourseRequest = z.input<typeof courseRequest>;
export type CourseInput = z.output<typeof courseRequest>;

export const coursesQuery = z.object({
  /** A session's id; the one open for registration when not given. */
  sessionId: z
    .string({ error: messages.sessionNotFound })
    .regex(/^[1-9]\d{0,8}$/, { error: messages.sessionNotFound })
    .transform(Number)
    .optional(),
});

const instalment = z.object({ dueDate: z.string(), value: z.number(), amount: z.number() });

export const course = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  name: z.string(),
  standard: z.enum(standards),
  branches: z.array(z.string()),
  fee: z.number(),
  planKind: z.enum(planKinds),
  /** value: rupees or a percentage, as entered; amount: the instalment in rupees of the fee. */
  instalments: z.array(instalment),
  offered: z.boolean(),
  /** Students registered on it. */
  students: z.number().int(),
});
export type Course = z.infer<typeof course>;

export const coursesResponse = z.object({ data: z.array(course) });
export const courseResponse = z.object({ message: z.string(), data: course });

/** The public list (registration form, the site's Courses page): the open session's offered courses. */
export const publicCourse = course.pick({
  id: true,
  name: true,
  standard: true,
  branches: true,
  fee: true,
  planKind: true,
  instalments: true,
});
export type PublicCourse = z.infer<typeof publicCourse>;
export const publicCoursesResponse = z.object({ session: z.string().nullable(), data: z.array(publicCourse) });
export type PublicCoursesResponse = z.infer<typeof publicCoursesResponse>;

// Concessions --------------------------------------------------------------------------------------

export const concessionStatuses = ['requested', 'approved', 'rejected'] as const;
export type ConcessionStatus = (typeof concessionStatuses)[number];

export const concessionAmount = numberField({
  required: messages.concessionAmountInvalid,
  invalid: messages.concessionAmountInvalid,
  min: 1,
  max: MAX_AMOUNT_RUPEES,
  decimals: 2,
});
export const concessionReason = requiredText(300, messages.concessionReasonRequired, { multiline: true });

export const concessionRequest = z.object({
  studentId: requiredText(20, messages.studentNotFound),
  amount: concessionAmount,
  reason: concessionReason,
});
export type ConcessionRequest = z.input<typeof concessionRequest>;

export const rejectConcessionRequest = z.object({
  reason: requiredText(300, messages.concessionRejectReasonRequired, { multiline: true }),
});

export const concessionsQuery = z.object({
  status: z.enum(concessionStatuses, { error: 'status is requested, approved or rejected' }).optional(),
  studentId: studentIdParams.shape.studentId.optional(),
});

export const concession = z.object({
  id: z.number().int(),
  studentId: z.string(),
  studentName: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(concessionStatuses),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The student's balance now, in rupees, for the admin deciding. */
  totalAmount: z.number(),
  amountPaid: z.number(),
});
export type Concession = z.infer<typeof concession>;
export const concessionsResponse = z.object({ data: z.array(concession) });
export const concessionResponse = z.object({ message: z.string(), data: concession });
