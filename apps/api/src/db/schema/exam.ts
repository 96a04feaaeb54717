import type { SubjectStandard } from '@app/domain/subjects.schemas';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, isoDate, updatedAt } from './columns';

/** Where students sit (SPEC §3 Exam centre). */
export const examCentres = pgTable(
  'exam_centres',
  {
    centerId: integer('center_id').primaryKey(),
    centerName: text('center_name').notNull(),
    collegeName: text('college_name').notNull(),
    /** null: no seat limit. */
    capacity: integer('capacity'),
    /** Shown on the public site; optional. */
    city: text('city'),
    /** The public site lists this centre (an admin's choice; a new centre is not listed until then). */
    listedPublicly: boolean('listed_publicly').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('exam_centres_capacity', sql`${t.capacity} >= 0`), check('exam_centres_id', sql`${t.centerId} > 0`)],
);

/** The papers of each standard and when they are written (SPEC §3 Subject). */
export const subjects = pgTable(
  'subjects',
  {
    subjectCode: integer('subject_code').primaryKey(),
    subjectName: text('subject_name').notNull(),
    language: text('language').notNull(),
    standard: text('standard').$type<SubjectStandard>().notNull(),
    examDate: isoDate('exam_date'),
    /** As entered: 'H:MM AM-H:MM PM'. */
    examTime: text('exam_time'),
    /** The same time as minutes after midnight, for ordering and clash checks. */
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    /** The exam year, and so the exam session, whose timetable this paper belongs to (exam_sessions.exam_year). */
    examYear: integer('exam_year').notNull(),
    /** The paper is marked out of this. */
    maxMarks: integer('max_marks').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subjects_standard', sql`${t.standard} in ('10th', '12th')`),
    check('subjects_max_marks', sql`${t.maxMarks} between 1 and 1000`),
    check('subjects_time_order', sql`${t.endMinute} > ${t.startMinute}`),
    index('subjects_standard_date_idx').on(t.standard, t.examDate),
    index('subjects_year_standard_idx').on(t.examYear, t.standard),
  ],
);

export type ExamCentreRow = typeof examCentres.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;
