import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { portalSettings, studentAccess, students } from '../../db/schema';

export const STUDENT_SIGN_IN = 'studentSignIn';

/**
 * A student as sign-in and every student request read them, in one query by primary keys: status,
 * consent, token version (and the name and date of birth sign-in checks).
 */
export async function findSignInStudent(db: Executor, studentId: string) {
  const [row] = await db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      dob: students.dob,
      status: students.status,
      consentState: students.consentState,
      tokenVersion: sql<number>`coalesce(${studentAccess.tokenVersion}, 0)`.mapWith(Number),
    })
    .from(students)
    .leftJoin(studentAccess, eq(studentAccess.studentId, students.studentId))
    .where(eq(students.studentId, studentId))
    .limit(1);
  return row;
}

/** What every student request checks: the same row. */
export const findStudentSessionState = findSignInStudent;

export async function isStudentSignInOn(db: Executor): Promise<boolean> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.name, STUDENT_SIGN_IN)).limit(1);
  return row?.enabled ?? true;
}

export async function saveStudentSignIn(db: Executor, enabled: boolean, at: Date) {
  await db
    .insert(portalSettings)
    .values({ name: STUDENT_SIGN_IN, enabled, updatedAt: at })
    .onConflictDoUpdate({ target: portalSettings.name, set: { enabled, updatedAt: at } });
}

/** Bumps the student's token version (creating the row at 1): their tokens stop working. */
export async function bumpTokenVersion(db: Executor, studentId: string, at: Date): Promise<number> {
  const [row] = await db
    .insert(studentAccess)
    .values({ studentId, tokenVersion: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: studentAccess.studentId,
      set: { tokenVersion: sql`${studentAccess.tokenVersion} + 1`, updatedAt: at },
    })
    .returning({ tokenVersion: studentAccess.tokenVersion });
  return row?.tokenVersion ?? 1;
}
