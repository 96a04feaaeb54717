import { z } from 'zod';
import { dateField, optionalNumberField, optionalText, requiredText, whenValid } from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { examCentreRefSchema, photoUrl, studentDetailFields, withContactRules } from './registrations.schemas';
import { studentStatuses, withdrawalReasons } from './students.rules';
import { genders } from './visiting.schemas';

/** PUT /api/admin/withdrawStudent/{studentId}. The date: up to a year back, not after today (as a payment's). */
export const withdrawStudentRequest = z
  .object({
    reason: z.enum(withdrawalReasons, { error: messages.withdrawalReasonRequired }),
    otherReason: optionalText(200),
    withdrawnOn: dateField({
      required: messages.withdrawalDateRequired,
      window: dateWindows.pastPayment,
      outside: messages.withdrawalDateRange,
    }),
  })
  .refine((body) => body.reason !== 'Other' || body.otherReason !== undefined, {
    path: ['otherReason'],
    error: messages.withdrawalOtherRequired,
    when: whenValid('reason', 'otherReason'),
  });
export type WithdrawStudentRequest = z.input<typeof withdrawStudentRequest>;
export type WithdrawStudentInput = z.output<typeof withdrawStudentRequest>;

/** GET /api/counsellor/student/{studentId}: SPEC §3 Student detail. */
export const studentDetail = z.object({
  studentId: z.string(),
  studentName: z.string(),
  gender: z.enum(genders),
  dob: z.string(),
  motherName: z.string(),
  address: z.string(),
  pincode: z.string(),
  email: z.string(),
  studentNo: z.string(),
  parentsNo: z.string(),
  appNo: z.string(),
  notificationNo: z.string(),
  standard: z.string(),
  previousYear: z.string(),
  schoolCollege: z.string(),
  preYearPercent: z.number(),
  branch: z.string(),
  /** '{centerId}-{centerName}' (SPEC §3). */
  examCentre: z.string(),
  examYear: z.number(),
  /** The photo's path under the server ('/api/files/{hash}.jpg'). */
  studentPhoto: z.string(),
  /** Beyond SPEC: 'inactive' once an admin has withdrawn the student (issue 25). */
  status: z.enum(studentStatuses),
  /** Why and when, while the student is withdrawn. */
  withdrawal: z.object({ reason: z.string(), withdrawnOn: z.string() }).nullable(),
});
export type StudentDetail = z.infer<typeof studentDetail>;

export const studentIdParams = z.object({
  studentId: requiredText(20, messages.studentIdRequired).pipe(
    z.string().regex(/^[0-9A-Za-z-]{1,20}$/, { error: messages.studentNotFoundWithId }),
  ),
});

/** Sent by the spec's client and decided at registration: checked for their type, then ignored. */
const readOnlyFields = {
  studentId: optionalText(20),
  standard: optionalText(20),
  branch: optionalText(20),
  previousYear: optionalText(20),
  examYear: optionalNumberField({ invalid: messages.numberInvalid, min: 1900, max: 2100, decimals: 0 }),
};

const detailsShape = {
  ...studentDetailFields,
  examCentre: examCentreRefSchema,
  ...readOnlyFields,
};

const photoShape = {
  studentPhoto: photoUrl(messages.newPhotoFirst),
  /** The old photo's path, or empty: the server knows the current photo, so it is only checked for its type. */
  prevPhotoUrl: optionalText(200),
};

/**
 * PUT /api/counsellor/updateStudentDetails/{studentId} (SPEC §5 Student edit details). standard, branch
 * and examYear are read-only: whatever is sent for them is ignored.
 */
export const updateStudentDetailsRequest = withContactRules(z.object(detailsShape));
export type UpdateStudentDetailsRequest = z.input<typeof updateStudentDetailsRequest>;
export type UpdateStudentDetailsInput = z.output<typeof updateStudentDetailsRequest>;

/** PUT /api/counsellor/updateStudentPhoto/{studentId}: the new photo must be one stored on this server. */
export const updateStudentPhotoRequest = z.object({ ...photoShape, studentId: optionalText(20) });
export type UpdateStudentPhotoRequest = z.input<typeof updateStudentPhotoRequest>;
export type UpdateStudentPhotoInput = z.output<typeof updateStudentPhotoRequest>;

/** PUT /api/counsellor/updateStudentCombined/{studentId}: the details and the photo, in one transaction. */
export const updateStudentCombinedRequest = withContactRules(z.object({ ...detailsShape, ...photoShape }));
export type UpdateStudentCombinedRequest = z.input<typeof updateStudentCombinedRequest>;
export type UpdateStudentCombinedInput = z.output<typeof updateStudentCombinedRequest>;
