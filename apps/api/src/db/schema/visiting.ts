import type { Standard } from '@app/domain/standards.rules';
import type { DemoAnswer, Gender } from '@app/domain/visiting.schemas';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './students';
import { users } from './users';

/** An enquiry a counsellor records when a student visits (SPEC §3 Visiting record). */
export const visitingRecords = pgTable(
  'visiting_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studentName: text('student_name').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    pincode: text('pincode').notNull(),
    standard: text('standard').$type<Standard>().notNull(),
    previousYear: text('previous_year').notNull(),
    branch: text('branch').notNull(),
    schoolCollege: text('school_college').notNull(),
    /** Percentage × 100 (85.25 % = 8525): exact to the 0.01 step. */
    previousYearPercentBp: integer('previous_year_percent_bp').notNull(),
    email: text('email').notNull(),
    studentNo: text('student_no').notNull(),
    parentsNo: text('parents_no').notNull(),
    notificationNo: text('notification_no').notNull(),
    demoGiven: text('demo_given').$type<DemoAnswer>().notNull(),
    reason: text('reason').notNull(),
    motherName: text('mother_name').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.uuid),
    /** The counsellor's name and branch when the enquiry was recorded. */
    counsellor: text('counsellor').notNull(),
    counsellorBranch: text('counsellor_branch').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The student registered from this enquiry ('Register this student'), once there is one. */
    convertedStudentId: text('converted_student_id').references(() => students.studentId),
  },
  (t) => [
    // One enquiry per student mobile number and standard.
    uniqueIndex('visiting_student_standard_idx').on(t.studentNo, t.standard),
    index('visiting_created_by_idx').on(t.createdBy, t.createdAt),
    index('visiting_created_at_idx').on(t.createdAt),
    check('visiting_percent_range', sql`${t.previousYearPercentBp} between 0 and 10000`),
  ],
);

export type VisitingRow = typeof visitingRecords.$inferSelect;
