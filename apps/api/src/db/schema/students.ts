import type { FeePlan } from '@app/domain/courses.rules';
import type { ConsentState } from '@app/domain/privacy.rules';
import type { PaymentMode } from '@app/domain/registrations.schemas';
import type { Standard } from '@app/domain/standards.rules';
import type { StudentStatus } from '@app/domain/students.rules';
import type { Gender } from '@app/domain/visiting.schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz, updatedAt } from './columns';
import { examCentres, subjects } from './exam';
import { userRef } from './users';

/**
 * Numbers handed out in order, without gaps: the row is locked by the transaction that takes a
 * number, so a rolled-back registration gives its number back. Keys like 'student:26'.
 */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/** A registered student and their fee account (SPEC §3 Student registration, Student detail). */
export const students = pgTable(
  'students',
  {
    /** 'YY' of the registration year in India + a 5-digit number in that year, e.g. '2600042'. */
    studentId: text('student_id').primaryKey(),
    studentName: text('student_name').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    dob: isoDate('dob').notNull(),
    motherName: text('mother_name').notNull(),
    address: text('address').notNull(),
    pincode: text('pincode').notNull(),
    email: text('email').notNull(),
    studentNo: text('student_no').notNull(),
    parentsNo: text('parents_no').notNull(),
    appNo: text('app_no').notNull(),
    notificationNo: text('notification_no').notNull(),
    standard: text('standard').$type<Standard>().notNull(),
    previousYear: text('previous_year').notNull(),
    schoolCollege: text('school_college').notNull(),
    /** Percentage × 100. */
    preYearPercentBp: integer('pre_year_percent_bp').notNull(),
    branch: text('branch').notNull(),
    examCentreId: integer('exam_centre_id')
      .notNull()
      .references(() => examCentres.centerId),
    examYear: integer('exam_year').notNull(),
    /** SHA-256 of the stored photo. */
    studentPhoto: text('student_photo').notNull(),
    paymentStandard: text('payment_standard').$type<Standard>().notNull(),
    /**
     * The course registered on (issue 25; foreign key to courses in migration 0022), and the fee and plan
     * it had then: a later change of the course's fee reaches new registrations only. Null for students
     * a session without that course registered (none since migration 0022 gave every session courses).
     */
    courseId: integer('course_id'),
    feePaise: integer('fee_paise').notNull(),
    /** The approved concessions; what the student owes is `totalPaise` = fee − concessions. */
    concessionPaise: integer('concession_paise').notNull().default(0),
    /** The course's instalment plan as registered; null or no instalments: one due date at a time. */
    feePlan: jsonb('fee_plan').$type<FeePlan>(),
    totalPaise: integer('total_paise').notNull(),
    paidPaise: integer('paid_paise').notNull(),
    remainingPaise: integer('remaining_paise').notNull(),
    dueDate: isoDate('due_date'),
    createdBy: userRef('created_by').notNull(),
    counsellor: text('counsellor').notNull(),
    counsellorBranch: text('counsellor_branch').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the latest payment was made (Payment Records list newest payment first). Kept by a trigger
     * on payments (migration 0008), null while nothing is paid.
     */
    lastPaymentAt: timestamptz('last_payment_at'),
    /** 'S26-00042' (docs/decisions/005-seat-numbers.md); null until an admin assigns the centre's seats. */
    seatNumber: text('seat_number'),
    /** The serial inside the seat number, unique within the exam year. */
    seatSerial: integer('seat_serial'),
    /** 'inactive' once an admin withdraws the student (issue 25); their payments stay. */
    status: text('status').$type<StudentStatus>().notNull().default('active'),
    /** While inactive: why (a listed reason or the office's words) and since when. */
    withdrawalReason: text('withdrawal_reason'),
    withdrawnOn: isoDate('withdrawn_on'),
    /**
     * Where the parent's consent stands (issue 27, packages/domain privacy.rules): 'held' from
     * registration until it is recorded; students registered before it were backfilled 'not_recorded'.
     */
    consentState: text('consent_state').$type<ConsentState>().notNull().default('held'),
  },
  (t) => [
    check(
      'students_balance',
      sql`${t.paidPaise} + ${t.remainingPaise} = ${t.totalPaise} and ${t.remainingPaise} >= 0 and ${t.paidPaise} >= 0`,
    ),
    check('students_fee', sql`${t.totalPaise} = ${t.feePaise} - ${t.concessionPaise} and ${t.concessionPaise} >= 0`),
    index('students_course_idx').on(t.courseId),
    check('students_due_date', sql`(${t.remainingPaise} = 0) = (${t.dueDate} is null)`),
    check('students_seat_pair', sql`(${t.seatNumber} is null) = (${t.seatSerial} is null)`),
    check('students_status', sql`${t.status} in ('active', 'inactive')`),
    check(
      'students_consent_state',
      sql`${t.consentState} in ('held', 'given', 'messages_refused', 'withdrawn', 'not_recorded')`,
    ),
    index('students_consent_waiting_idx').on(t.createdAt).where(sql`${t.consentState} in ('held', 'not_recorded')`),
    check(
      'students_withdrawal',
      sql`(${t.status} = 'inactive') = (${t.withdrawalReason} is not null) and (${t.withdrawalReason} is null) = (${t.withdrawnOn} is null)`,
    ),
    // The last line of defence: a withdrawn student holds no seat number.
    check('students_inactive_unseated', sql`${t.status} = 'active' or ${t.seatNumber} is null`),
    uniqueIndex('students_seat_serial_uq').on(t.examYear, t.seatSerial),
    uniqueIndex('students_seat_number_uq').on(t.seatNumber),
    index('students_created_by_idx').on(t.createdBy, t.createdAt),
    index('students_created_at_idx').on(t.createdAt),
    index('students_centre_idx').on(t.examCentreId),
    index('students_standard_idx').on(t.standard),
    index('students_last_payment_idx')
      .on(t.lastPaymentAt.desc(), t.studentId.desc())
      .where(sql`${t.lastPaymentAt} is not null`),
    index('students_created_by_last_payment_idx')
      .on(t.createdBy, t.lastPaymentAt.desc(), t.studentId.desc())
      .where(sql`${t.lastPaymentAt} is not null`),
  ],
);

/** A column naming the student a row belongs to. */
export const studentRef = (name: string) => text(name).references(() => students.studentId);

/** Money received for a student: the first at registration, the rest as instalments. */
export const payments = pgTable(
  'payments',
  {
    paymentId: identityId('payment_id'),
    studentId: studentRef('student_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paymentMode: text('payment_mode').$type<PaymentMode>().notNull(),
    /** The counsellor's paper receipt-book number, when given. */
    receiptNo: text('receipt_no'),
    /** Ours: unique and gap-free within a financial year (April–March), e.g. '2026-27/000123'. */
    systemReceiptNo: text('system_receipt_no').notNull().unique(),
    /** SHA-256 of the stored receipt photo. */
    receiptPhoto: text('receipt_photo').notNull(),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
    /**
     * Set once an admin cancels the receipt (docs/decisions/016-receipt-corrections.md): the row stays,
     * and a cancelled payment counts nowhere (paid, collections, figures, exports' totals).
     */
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: userRef('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** A GST tax receipt (set when the institute's GSTIN was set): the GSTIN and the split, as issued. */
    gstin: text('gstin'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise'),
    sgstPaise: integer('sgst_paise'),
  },
  (t) => [
    check('payments_amount', sql`${t.amountPaise} > 0`),
    check(
      'payments_cancelled',
      sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null) and (${t.cancelledAt} is null) = (${t.cancelReason} is null)`,
    ),
    check(
      'payments_gst',
      sql`(${t.gstin} is null and ${t.taxablePaise} is null and ${t.cgstPaise} is null and ${t.sgstPaise} is null) or (${t.gstin} is not null and ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} = ${t.amountPaise} and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0)`,
    ),
    check('payments_mode', sql`${t.paymentMode} in ('Cash', 'Online', 'Cheque')`),
    index('payments_student_idx').on(t.studentId, t.createdAt),
    index('payments_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

/**
 * A money request that carried an Idempotency-Key: its answer is kept, so a retry (a double click, a
 * flaky mobile connection) gets the first answer instead of paying twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userUuid: userRef('user_uuid').notNull(),
    key: text('key').notNull(),
    /** What was asked, so the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userUuid, t.key] })],
);

/**
 * A student's entry in one paper: marks, or absent ('AB', with null marks); no row, or null marks and not
 * absent, means not entered yet.
 */
export const marks = pgTable(
  'marks',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.studentId, { onDelete: 'cascade' }),
    subjectCode: integer('subject_code')
      .notNull()
      .references(() => subjects.subjectCode),
    marks: integer('marks'),
    absent: boolean('absent').notNull().default(false),
    updatedBy: userRef('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.subjectCode] }),
    check('marks_range', sql`${t.marks} >= 0`),
    check('marks_absent_blank', sql`not (${t.absent} and ${t.marks} is not null)`),
    index('marks_subject_idx').on(t.subjectCode),
  ],
);

export type StudentRow = typeof students.$inferSelect;
export type MarkRow = typeof marks.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
