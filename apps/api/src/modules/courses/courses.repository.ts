import { defaultCourses } from '@app/domain/courses.rules';
import type { Standard } from '@app/domain/standards.rules';
import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CourseRow, courses, examSessions, students } from '../../db/schema';

/**
 * The name of the course a student registered on, for a query that left-joins `courses` on the
 * student's `course_id`; a student without one, their payment standard (the default courses' names).
 */
export const studentCourseName = sql<string>`coalesce(${courses.name}, ${students.paymentStandard})`;

/** A new session's courses until the admin changes them: SPEC §9's four (migration 0022 gave existing sessions theirs). */
export async function insertDefaultCourses(db: Executor, sessionId: number): Promise<void> {
  await db.insert(courses).values(defaultCourses().map((course) => ({ ...course, sessionId })));
}

export async function listCourseRows(db: Executor, sessionId: number): Promise<(CourseRow & { students: number })[]> {
  return db
    .select({
      ...getTableColumns(courses),
      students: sql<number>`(select count(*)::int from ${students} where ${students.courseId} = ${courses.id})`,
    })
    .from(courses)
    .where(eq(courses.sessionId, sessionId))
    .orderBy(asc(courses.id));
}

/** The open session's courses offered for registration, in the admin's order (the public list). */
export async function listOfferedCourses(db: Executor, sessionId: number): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(and(eq(courses.sessionId, sessionId), eq(courses.offered, true)))
    .orderBy(asc(courses.id));
}

export async function findCourse(db: Executor, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

/**
 * The course a registration that names only a standard (SPEC's payload) goes on: the session's first
 * offered course of that standard (its default course, unless the admin added others before it).
 */
export async function findCourseForStandard(
  db: Executor,
  sessionId: number,
  standard: Standard,
): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.sessionId, sessionId), eq(courses.standard, standard), eq(courses.offered, true)))
    .orderBy(asc(courses.id))
    .limit(1);
  return row;
}

export async function findCourseNameClash(
  db: Executor,
  { sessionId, name, except }: { sessionId: number; name: string; except?: number | undefined },
): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.sessionId, sessionId),
        sql`lower(${courses.name}) = lower(${name})`,
        except === undefined ? undefined : ne(courses.id, except),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertCourse(db: Executor, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('insert courses returned nothing');
  return row;
}

/** A course's row locked while it changes (a row only its own edits queue on: FOR UPDATE, decision 009 §1). */
export async function lockCourse(db: Executor, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

export async function updateCourseRow(
  db: Executor,
  id: number,
  values: Partial<typeof courses.$inferInsert>,
): Promise<CourseRow> {
  const [row] = await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning();
  if (!row) throw new Error('update courses returned nothing');
  return row;
}

export async function countCourses(db: Executor, sessionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.sessionId, sessionId));
  return row?.n ?? 0;
}

export async function sessionName(db: Executor, sessionId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: examSessions.name }).from(examSessions).where(eq(examSessions.id, sessionId));
  return row?.name;
}
