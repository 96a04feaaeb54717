import type { FollowUpKind, FollowUpOutcome } from '@app/domain/funnel.schemas';
import type { Standard } from '@app/domain/standards.rules';
import type { DemoAnswer, EnquiryCloseReason, EnquirySource, EnquiryStage, Gender } from '@app/domain/visiting.schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz, updatedAt } from './columns';
import { studentRef } from './students';
import { userRef } from './users';

/** An enquiry a counsellor records when a student visits (SPEC §3 Visiting record). */
export const visitingRecords = pgTable(
  'visiting_records',
  {
    id: identityId(),
    studentName: text('student_name').notNull(),
    gender: text('gender').$type<Gender>(),
    dob: isoDate('dob'),
    address: text('address'),
    pincode: text('pincode'),
    standard: text('standard').$type<Standard>().notNull(),
    previousYear: text('previous_year'),
    branch: text('branch'),
    schoolCollege: text('school_college'),
    /** Percentage × 100 (85.25 % = 8525): exact to the 0.01 step. */
    previousYearPercentBp: integer('previous_year_percent_bp'),
    email: text('email'),
    studentNo: text('student_no'),
    parentsNo: text('parents_no').notNull(),
    notificationNo: text('notification_no'),
    demoGiven: text('demo_given').$type<DemoAnswer>(),
    reason: text('reason'),
    motherName: text('mother_name'),
    /** Who recorded it (null for a website enquiry, which the public form created). */
    createdBy: userRef('created_by'),
    /** The counsellor's name and branch when the enquiry was recorded. */
    counsellor: text('counsellor'),
    counsellorBranch: text('counsellor_branch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The student registered from this enquiry ('Register this student'), once there is one. */
    convertedStudentId: studentRef('converted_student_id'),
    /** Closed (never deleted): when, why, by whom; all null while the enquiry is open. */
    closedAt: timestamptz('closed_at'),
    closedReason: text('closed_reason').$type<EnquiryCloseReason>(),
    closedNote: text('closed_note'),
    closedBy: userRef('closed_by'),
    /** Where it came from (issue 26); rows recorded before sources existed are walk-ins. */
    source: text('source').$type<EnquirySource>().notNull().default('walk-in'),
    /** Its stage while open; registered and lost are read from the conversion link and the closing. */
    stage: text('stage').$type<EnquiryStage>().notNull().default('new'),
    /** The counsellor who follows it up (the recorder, or whom a website enquiry was given to); null: the admins' queue. */
    assignedTo: userRef('assigned_to'),
    /** The public form's city and message. */
    city: text('city'),
    message: text('message'),
    /** When it is next to be called or visited (an Indian date); null: nothing planned. */
    nextFollowUpOn: isoDate('next_follow_up_on'),
  },
  (t) => [
    // One enquiry per student mobile number and standard.
    uniqueIndex('visiting_student_standard_idx').on(t.studentNo, t.standard),
    index('visiting_created_by_idx').on(t.createdBy, t.createdAt),
    index('visiting_created_at_idx').on(t.createdAt),
    index('visiting_assigned_follow_up_idx').on(t.assignedTo, t.nextFollowUpOn),
    // A visiting form holds every field of the form; only a website enquiry goes without them.
    check(
      'visiting_form_whole',
      sql`${t.source} = 'website' or (${t.gender} is not null and ${t.dob} is not null and ${t.address} is not null and ${t.pincode} is not null and ${t.previousYear} is not null and ${t.branch} is not null and ${t.schoolCollege} is not null and ${t.previousYearPercentBp} is not null and ${t.email} is not null and ${t.studentNo} is not null and ${t.notificationNo} is not null and ${t.demoGiven} is not null and ${t.reason} is not null and ${t.motherName} is not null and ${t.createdBy} is not null and ${t.counsellor} is not null and ${t.counsellorBranch} is not null)`,
    ),
    check(
      'visiting_source',
      sql`${t.source} in ('walk-in', 'school visit', 'seminar', 'website', 'referral', 'phone call', 'other')`,
    ),
    check('visiting_stage', sql`${t.stage} in ('new', 'contacted', 'interested')`),
    check('visiting_percent_range', sql`${t.previousYearPercentBp} between 0 and 10000`),
    check(
      'visiting_closed_whole',
      sql`(${t.closedAt} is null) = (${t.closedReason} is null) and (${t.closedAt} is null) = (${t.closedBy} is null)`,
    ),
    check(
      'visiting_closed_reason',
      sql`${t.closedReason} is null or ${t.closedReason} in ('Duplicate', 'Wrong entry', 'Not interested', 'Other')`,
    ),
  ],
);

export type VisitingRow = typeof visitingRecords.$inferSelect;

/** Each call or visit made about an enquiry (issue 26): never edited, a later one follows it. */
export const enquiryFollowUps = pgTable(
  'enquiry_follow_ups',
  {
    id: identityId(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => visitingRecords.id),
    kind: text('kind').$type<FollowUpKind>().notNull(),
    doneOn: isoDate('done_on').notNull(),
    outcome: text('outcome').$type<FollowUpOutcome>().notNull(),
    note: text('note'),
    nextFollowUpOn: isoDate('next_follow_up_on'),
    by: userRef('by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_ups_enquiry_idx').on(t.enquiryId, t.id),
    index('follow_ups_by_idx').on(t.by, t.doneOn),
    check('follow_ups_kind', sql`${t.kind} in ('call', 'visit')`),
  ],
);

export type FollowUpRow = typeof enquiryFollowUps.$inferSelect;
