import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hallTicketAllowances, marks } from '../../db/schema';

/** A student's marks, removed by an erasure (a mock exam's marks are kept by no law). */
export async function deleteMarksOf(db: Executor, studentId: string): Promise<number> {
  const rows = await db.delete(marks).where(eq(marks.studentId, studentId)).returning({ code: marks.subjectCode });
  return rows.length;
}

export async function deleteHallTicketAllowance(db: Executor, studentId: string): Promise<void> {
  await db.delete(hallTicketAllowances).where(eq(hallTicketAllowances.studentId, studentId));
}
