import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examCentres, students } from '../../db/schema';

/** What the seat order (centre, standard, name) reads of a student. */
const seatOrderColumns = {
  studentId: students.studentId,
  studentName: students.studentName,
  standard: students.standard,
  examCentreId: students.examCentreId,
};

/** An exam year's students without a seat number, of one centre or of all. */
export async function listUnseated(db: Executor, { centerId, examYear }: { centerId?: number; examYear: number }) {
  return db
    .select(seatOrderColumns)
    .from(students)
    .where(
      and(
        centerId === undefined ? undefined : eq(students.examCentreId, centerId),
        eq(students.examYear, examYear),
        isNull(students.seatNumber),
        // A withdrawn student gets no seat; a withdrawal committed while this waits on the row is seen
        // here again (PostgreSQL re-reads a locked row's conditions), so it is skipped too.
        eq(students.status, 'active'),
      ),
    )
    .for('update');
}

export async function listYearStudentsForRenumbering(db: Executor, examYear: number) {
  return db
    .select({ ...seatOrderColumns, seatNumber: students.seatNumber })
    .from(students)
    .where(and(eq(students.examYear, examYear), eq(students.status, 'active')))
    .orderBy(asc(students.examCentreId))
    .for('update');
}

export async function clearSeats(db: Executor, examYear: number): Promise<void> {
  await db.update(students).set({ seatNumber: null, seatSerial: null }).where(eq(students.examYear, examYear));
}

export async function setSeat(
  db: Executor,
  { studentId, seatNumber, seatSerial }: { studentId: string; seatNumber: string; seatSerial: number },
): Promise<void> {
  await db
    .update(students)
    .set({ seatNumber, seatSerial, updatedAt: new Date() })
    .where(eq(students.studentId, studentId));
}

export async function centreExists(db: Executor, centerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examCentres.centerId })
    .from(examCentres)
    .where(eq(examCentres.centerId, centerId))
    .limit(1);
  return Boolean(row);
}
