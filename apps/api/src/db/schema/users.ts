import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, isoDate, updatedAt } from './columns';

export const roleEnum = pgEnum('role', ['admin', 'counsellor', 'teacher']);

export const users = pgTable(
  'users',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    userName: text('user_name').notNull(),
    /** Stored lower-cased; unique case-insensitively. */
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    contactNum: text('contact_num').notNull().default(''),
    /** Counsellors only. */
    branch: text('branch'),
    /** Counsellor commission in basis points (1 % = 100). */
    commissionBp: integer('commission_bp').notNull().default(0),
    dob: isoDate('dob'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped on password change or deactivation: older tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_commission_range', sql`${t.commissionBp} between 0 and 10000`),
    check('users_branch_counsellor', sql`(${t.role} = 'counsellor') = (${t.branch} is not null)`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** A column naming the staff member who did something (`created_by`, `decided_by`, …). */
export const userRef = (name: string) => uuid(name).references(() => users.uuid);

/**
 * What a teacher may see and enter on Marks Entry (issue 21): the exam centres and the papers (subject
 * codes) an admin assigned; the teacher enters those papers at those centres. No row: nothing assigned.
 * Admins see everything and have no row.
 */
export const teacherAssignments = pgTable('teacher_assignments', {
  teacherUuid: uuid('teacher_uuid')
    .primaryKey()
    .references(() => users.uuid, { onDelete: 'cascade' }),
  centreIds: integer('centre_ids').array().notNull(),
  subjectCodes: integer('subject_codes').array().notNull(),
  updatedAt: updatedAt(),
});
