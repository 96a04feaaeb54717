import { z } from 'zod';
import {
  emailSchema,
  optionalCalendarDate,
  optionalNumberField,
  optionalText,
  phoneSchema,
  queryText,
  requiredText,
  whenValid,
} from './common.schemas';
import { messages } from './messages';
import { MAX_AMOUNT_RUPEES, rupeesSchema } from './money.rules';
import { listQueryFields } from './paging.schemas';
import { isBranchOf, standards } from './standards.rules';
import { studentStatuses } from './students.rules';
import { genders, percentSchema, pincodeSchema, studentDob } from './visiting.schemas';

/** SPEC §9 payment modes. 'cheque' (registration form) and 'Card' (payment form) both mean Cheque. */
export const paymentModes = ['Cash', 'Online', 'Cheque'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export const paymentModeSchema = z
  .string({ error: messages.paymentModeInvalid })
  .trim()
  .transform((value, ctx) => {
    const mode = ({ cash: 'Cash', online: 'Online', cheque: 'Cheque', card: 'Cheque' } as const)[
      value.toLowerCase() as 'cash'
    ];
    if (!mode) {
      ctx.addIssue({ code: 'custom', message: messages.paymentModeInvalid });
      return z.NEVER;
    }
    return mode;
  });

/** The counsellor's paper receipt-book number: digits. */
export const receiptNoSchema = z
  .union([z.int().min(0), z.string()], { error: messages.receiptNoDigits })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,12}$/, { error: messages.receiptNoDigits }));

/**
 * An exam centre as the spec stores it, '{centerId}-{centerName}', or its bare ID. Each branch of the
 * union says the same message, so a form shows it whichever branch came closest.
 */
export const examCentreRefSchema = z
  .union([z.number({ error: messages.examCentreRequired }), requiredText(200, messages.examCentreRequired)], {
    error: messages.examCentreRequired,
  })
  .transform((value, ctx) => {
    const id = typeof value === 'number' ? value : Number(/^\s*(\d+)/.exec(value)?.[1]);
    if (!Number.isInteger(id) || id < 1 || id > 9999) {
      ctx.addIssue({ code: 'custom', message: messages.examCentreRequired });
      return z.NEVER;
    }
    return id;
  });

export const photoUrl = (message: string) => requiredText(200, message);

/** A value the server derives itself: refused when of the wrong type, then ignored. */
const derivedAmount = optionalNumberField({
  invalid: messages.numberInvalid,
  min: 0,
  max: MAX_AMOUNT_RUPEES,
  decimals: 2,
});

/** The student's own details, shared by registration and the edit screen (SPEC §3 Student detail). */
export const studentDetailFields = {
  studentName: requiredText(100, messages.studentNameRequired),
  gender: z.enum(genders, { error: messages.genderRequired }),
  dob: studentDob,
  motherName: requiredText(100, messages.motherNameRequired),
  address: requiredText(300, messages.addressRequired, { multiline: true }),
  pincode: pincodeSchema,
  email: emailSchema,
  studentNo: phoneSchema,
  parentsNo: phoneSchema,
  appNo: phoneSchema,
  notificationNo: phoneSchema,
  schoolCollege: requiredText(150, messages.schoolRequired),
  preYearPercent: percentSchema,
};

type ContactNumbers = { studentNo: string; parentsNo: string; appNo: string; notificationNo: string };

/** SPEC §5: the app and notification numbers are each the student's or the parent's number. */
export function withContactRules<T extends z.ZodType<ContactNumbers>>(schema: T) {
  return schema
    .refine((value) => value.appNo === value.studentNo || value.appNo === value.parentsNo, {
      path: ['appNo'],
      message: messages.notificationNumber,
      when: whenValid('studentNo', 'parentsNo', 'appNo'),
    })
    .refine((value) => value.notificationNo === value.studentNo || value.notificationNo === value.parentsNo, {
      path: ['notificationNo'],
      message: messages.notificationNumber,
      when: whenValid('studentNo', 'parentsNo', 'notificationNo'),
    });
}

/**
 * POST /api/counsellor/register (SPEC §3 Registration form payload). The server is the authority on
 * every derived value: previousYear, examYear, totalamount and amountRemaining are recomputed and the
 * values sent are ignored, as are uuid, counsellor and counsellorBranch (they come from the session).
 */
export const registerStudentRequest = withContactRules(
  z
    .object({
      ...studentDetailFields,
      standard: z.enum(standards, { error: messages.standardRequired }),
      branch: requiredText(20, messages.mediumOrGroupRequired),
      examCentre: examCentreRefSchema,
      /** The standard the fee is charged for; the standard itself when not sent. */
      paymentStandard: z
        .enum(standards, { error: messages.standardRequired })
        .optional()
        .or(z.literal('').transform(() => undefined)),
      amountPaid: rupeesSchema(messages.amountPaidInvalid),
      receiptNo: receiptNoSchema,
      modeOfPayment: paymentModeSchema,
      /** Checked by `dueDateFor` once the server knows whether anything remains. */
      dueDate: optionalCalendarDate,
      /**
       * The course (of the open exam session) registered on: its fee, plan and branches apply (issue 25).
       * Not sent (SPEC's payload): the session's first offered course of the payment standard.
       */
      courseId: optionalNumberField({ invalid: messages.courseNotOffered, min: 1, max: 2_147_483_647, decimals: 0 }),
      /** A concession asked for at registration (rupees) and why: it applies once an admin approves it. */
      concessionAmount: optionalNumberField({
        invalid: messages.concessionAmountInvalid,
        min: 1,
        max: MAX_AMOUNT_RUPEES,
        decimals: 2,
      }),
      concessionReason: optionalText(300, { multiline: true }),
      /** The enquiry (Visiting Table) this registration comes from: marked converted in the same transaction. */
      enquiryId: optionalNumberField({ invalid: messages.enquiryIdInvalid, min: 1, max: 2_147_483_647, decimals: 0 }),
      studentPhoto: photoUrl(messages.studentPhotoRequired),
      receiptPhoto: photoUrl(messages.receiptPhotoRequired),
      // Sent by the spec's client, decided by the server: checked for their type, then ignored.
      totalamount: derivedAmount,
      amountRemaining: derivedAmount,
      previousYear: optionalText(20),
      examYear: optionalNumberField({ invalid: messages.numberInvalid, min: 1900, max: 2100, decimals: 0 }),
      uuid: optionalText(64),
      counsellor: optionalText(100),
      counsellorBranch: optionalText(100),
    })
    // SPEC's payload names no course: its branch is one of the standard's (a course's own are checked by the server).
    .refine((value) => value.courseId !== undefined || isBranchOf(value.standard, value.branch), {
      path: ['branch'],
      message: messages.branchOfStandard,
      when: whenValid('standard', 'branch', 'courseId'),
    })
    .refine((value) => value.concessionAmount === undefined || !!value.concessionReason, {
      path: ['concessionReason'],
      message: messages.concessionReasonRequired,
      when: whenValid('concessionAmount', 'concessionReason'),
    }),
);
export type RegisterStudentRequest = z.input<typeof registerStudentRequest>;

/**
 * The 201 answer of POST /api/counsellor/register: the new student ID and, when something was paid,
 * the first payment's ID and our receipt number (so the screen can offer its receipt at once).
 */
export const registerStudentResponse = z.object({
  studentId: z.string(),
  message: z.string(),
  paymentId: z.number().int().nullable(),
  receiptNumber: z.string().nullable(),
});
export type RegisterStudentResponse = z.infer<typeof registerStudentResponse>;
export type RegisterStudentInput = z.output<typeof registerStudentRequest>;

/** A row of the Registration Table (SPEC §3 Student registration), amounts in rupees. */
export const registrationRow = z.object({
  studentId: z.string(),
  studentName: z.string(),
  standard: z.enum(standards),
  branch: z.string(),
  studentNo: z.string(),
  parentsNo: z.string(),
  examCentre: z.string(),
  counsellor: z.string(),
  counsellorBranch: z.string(),
  createdBy: z.string(),
  totalAmount: z.number(),
  amountPaid: z.number(),
  amountRemaining: z.number(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Beyond SPEC: 'S26-00042' once an admin has assigned the centre's seats (docs/decisions/005). */
  seatNumber: z.string().nullable(),
  /** Beyond SPEC: 'inactive' for a withdrawn student, listed only when asked for (issue 25). */
  status: z.enum(studentStatuses),
});
export type RegistrationRow = z.infer<typeof registrationRow>;

/**
 * GET /api/counsellor/getRegister. uuid, role and branch are accepted for compatibility: the session
 * decides whose students are listed, and a counsellor's parameters never widen that.
 * `examCentre` is a centre's ID, its name, or the stored '{centerId}-{centerName}'.
 */
export const getRegisterQuery = z.object({
  ...listQueryFields,
  branch: queryText(100),
  examCentre: queryText(200),
  /** 'true' lists withdrawn students too; by default they are left out. */
  includeWithdrawn: z
    .enum(['true', 'false'], { error: 'includeWithdrawn is true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type GetRegisterQuery = z.infer<typeof getRegisterQuery>;
