import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { withdrawalReasonText } from '@app/domain/students.rules';
import type { WithdrawStudentInput } from '@app/domain/students.schemas';
import type { Tx } from '../../db/client';
import type { StudentRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { type AuditChange, recordAudit } from '../audit/audit.service';
import { lockSeatCounter, seatNewStudent } from '../seats/seats.service';
import { isReleasedFor } from '../sessions/current-session';
import { findStudentWithCentre, updateStudentRow } from './students.repository';

/** The audit entry of a withdrawal or a return, on the student's history. */
const recordStatusChange = (
  tx: Tx,
  { student, ...change }: { student: StudentRow } & Pick<AuditChange, 'by' | 'action' | 'before' | 'after'>,
) =>
  recordAudit(tx, {
    ...change,
    entity: 'student',
    entityId: student.studentId,
    studentId: student.studentId,
    entityName: student.studentName,
  });

/**
 * Withdraws a student (issue 25): inactive with a reason and a date, their seat number given up (the
 * serial is not handed out again: the year's counter only moves on). Their payments stay as they are.
 * One transaction that locks the student's row (docs/decisions/009-lock-order.md: the student, nothing
 * before it), with its audit entry. A release of hall tickets running at the same time waits on this row
 * and skips the student once this commits; if the release locked the row first, this clears the seat
 * it gave.
 */
export async function withdrawStudent(
  deps: Pick<Deps, 'db'>,
  { studentId, by, input }: { studentId: string; by: Actor; input: WithdrawStudentInput },
): Promise<void> {
  const withdrawalReason = withdrawalReasonText(input);
  await deps.db.transaction(async (tx) => {
    const row = await findStudentWithCentre(tx, studentId, { lock: true });
    if (!row) throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
    const { student } = row;
    if (student.status === 'inactive') throw new DomainError('CONFLICT', messages.studentAlreadyWithdrawn);
    await updateStudentRow(tx, studentId, {
      status: 'inactive',
      withdrawalReason,
      withdrawnOn: input.withdrawnOn,
      seatNumber: null,
      seatSerial: null,
    });
    await recordStatusChange(tx, {
      by,
      student,
      action: 'withdraw',
      before: { status: 'active', seatNumber: student.seatNumber },
      after: { status: 'inactive', withdrawalReason, withdrawnOn: input.withdrawnOn, seatNumber: null },
    });
  });
}

/**
 * Makes a withdrawn student active again. When their session's hall tickets are out they get the next
 * seat of the exam year in the same transaction, so the ticket is there at once. Lock order
 * (docs/decisions/009-lock-order.md): the session (shared) and the year's seat counter, then the student.
 */
export async function reactivateStudent(
  deps: Pick<Deps, 'db'>,
  { studentId, by }: { studentId: string; by: Actor },
): Promise<{ seatNumber: string | null }> {
  return deps.db.transaction(async (tx) => {
    // The exam year never changes, so it is read before the locks that depend on it.
    const unlocked = await findStudentWithCentre(tx, studentId);
    if (!unlocked) throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
    const { examYear } = unlocked.student;
    const isSeated = await isReleasedFor(tx, { examYear, flag: 'HALLTICKET', lock: true });
    if (isSeated) await lockSeatCounter(tx, examYear);
    const row = await findStudentWithCentre(tx, studentId, { lock: true });
    if (!row) throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
    const { student } = row;
    if (student.status === 'active') throw new DomainError('CONFLICT', messages.studentAlreadyActive);
    await updateStudentRow(tx, studentId, { status: 'active', withdrawalReason: null, withdrawnOn: null });
    await recordStatusChange(tx, {
      by,
      student,
      action: 'reactivate',
      before: { status: 'inactive', withdrawalReason: student.withdrawalReason, withdrawnOn: student.withdrawnOn },
      after: { status: 'active' },
    });
    if (!isSeated) return { seatNumber: null };
    const seated = await seatNewStudent(tx, { student, examYear, by });
    return { seatNumber: seated.first };
  });
}
