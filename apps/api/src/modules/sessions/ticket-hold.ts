import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { examSessions, hallTicketAllowances, students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';

/**
 * Optional, per session (issue 21): while a session holds tickets of students with an overdue fee, an
 * overdue student (due date passed, something remaining) gets no hall ticket until they pay or an admin
 * allows it with a reason. For a row of `students` already known to be overdue: whether the hold applies.
 */
export const ticketHeldSql = sql<boolean>`(exists (select 1 from ${examSessions}
    where ${examSessions.examYear} = ${students.examYear} and ${examSessions.holdTicketsWhileOverdue})
  and not exists (select 1 from ${hallTicketAllowances} where ${hallTicketAllowances.studentId} = ${students.studentId}))`.mapWith(
  Boolean,
);

/** Whether a student's hall ticket is held today (an Indian date 'YYYY-MM-DD'). */
export async function isTicketHeld(db: Executor, { studentId, today }: { studentId: string; today: string }) {
  const [row] = await db
    .select({ held: ticketHeldSql })
    .from(students)
    .where(and(eq(students.studentId, studentId), gt(students.remainingPaise, 0), lt(students.dueDate, today)));
  return row?.held ?? false;
}

/** The hall ticket lookup's check: a clear message instead of the ticket while it is held. */
export async function checkTicketNotHeld(db: Executor, input: { studentId: string; today: string }): Promise<void> {
  if (await isTicketHeld(db, input)) throw new DomainError('CONFLICT', messages.ticketHeldOverdue);
}

/** An admin allows a student's hall ticket although their fee is overdue; the reason goes to the audit trail. */
export async function allowTicket(
  db: Db,
  { studentId, reason, by }: { studentId: string; reason: string; by: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [student] = await tx
      .select({ studentId: students.studentId, studentName: students.studentName })
      .from(students)
      .where(eq(students.studentId, studentId))
      .for('update');
    if (!student) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    const [before] = await tx.select().from(hallTicketAllowances).where(eq(hallTicketAllowances.studentId, studentId));
    await tx
      .insert(hallTicketAllowances)
      .values({ studentId, reason, allowedBy: by.uuid })
      .onConflictDoUpdate({
        target: hallTicketAllowances.studentId,
        set: { reason, allowedBy: by.uuid, createdAt: new Date() },
      });
    await recordAudit(tx, {
      by,
      entity: 'student',
      entityId: studentId,
      studentId,
      entityName: student.studentName,
      action: 'update',
      before: { ticketAllowedReason: before?.reason ?? null },
      after: { ticketAllowedReason: reason },
    });
  });
}
