import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examCentres, students } from '../../db/schema';

/**
 * A student with their centre's name; `lock` holds the student's row for the rest of the transaction,
 * FOR NO KEY UPDATE (docs/decisions/009-lock-order.md).
 */
export async function findStudentWithCentre(db: Executor, studentId: string, { lock = false } = {}) {
  const query = db
    .select({ student: students, centerName: examCentres.centerName })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(eq(students.studentId, studentId))
    .limit(1);
  const [row] = lock ? await query.for('no key update', { of: students }) : await query;
  return row;
}

export type StudentChanges = Partial<
  Pick<
    typeof students.$inferInsert,
    | 'studentName'
    | 'gender'
    | 'dob'
    | 'motherName'
    | 'address'
    | 'pincode'
    | 'email'
    | 'studentNo'
    | 'parentsNo'
    | 'appNo'
    | 'notificationNo'
    | 'schoolCollege'
    | 'preYearPercentBp'
    | 'examCentreId'
    | 'studentPhoto'
    | 'status'
    | 'withdrawalReason'
    | 'withdrawnOn'
    | 'seatNumber'
    | 'seatSerial'
  >
>;

export async function updateStudentRow(db: Executor, studentId: string, changes: StudentChanges) {
  await db
    .update(students)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(students.studentId, studentId));
}
