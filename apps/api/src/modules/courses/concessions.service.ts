import type { Concession, ConcessionStatus } from '@app/domain/courses.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { dueDateFor } from '@app/domain/due-date.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import type { Db, Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { lockStudent } from '../payments/payments.repository';
import { findStudent } from '../registrations/registrations.repository';
import {
  decideConcessionRow,
  insertConcession,
  listConcessionRows,
  lockConcession,
  setConcessionBalance,
} from './concessions.repository';

/**
 * Concessions (issue 25; docs/decisions/015-courses-and-concessions.md): a counsellor asks for one on
 * their own student, at registration or later; it changes nothing until an admin approves it. Then, in
 * one transaction with the student's row locked, what the student owes becomes fee − approved
 * concessions, the remaining and the due date follow, and the change is audited with its reason.
 */

type ListedRow = Awaited<ReturnType<typeof listConcessionRows>>[number];

const toConcession = (row: ListedRow): Concession => ({
  id: row.concession.id,
  studentId: row.concession.studentId,
  studentName: row.studentName,
  amount: toRupees(row.concession.amountPaise),
  reason: row.concession.reason,
  status: row.concession.status,
  requestedBy: row.requestedByName,
  requestedAt: row.concession.requestedAt.toISOString(),
  decidedBy: row.decidedByName,
  decidedAt: row.concession.decidedAt?.toISOString() ?? null,
  decisionReason: row.concession.decisionReason,
  totalAmount: toRupees(row.totalPaise),
  amountPaid: toRupees(row.paidPaise),
});

async function oneConcession(db: Executor, id: number): Promise<Concession> {
  const [row] = await listConcessionRows(db, { id });
  if (!row) throw new Error('a concession vanished while it was being read');
  return toConcession(row);
}

/**
 * A request, inside the caller's transaction (the registration's, or its own). More than what remains
 * is refused at once; the approval checks again against the balance of that moment.
 */
export async function recordConcessionRequest(
  tx: Executor,
  {
    student,
    amountPaise,
    reason,
    by,
  }: {
    student: { studentId: string; studentName: string; remainingPaise: number };
    amountPaise: number;
    reason: string;
    by: Actor;
  },
) {
  if (amountPaise > student.remainingPaise) throw new DomainError('CONFLICT', messages.concessionBelowPaid);
  const row = await insertConcession(tx, { studentId: student.studentId, amountPaise, reason, requestedBy: by.uuid });
  await recordAudit(tx, {
    by,
    entity: 'concession',
    entityId: row.id,
    entityName: student.studentName,
    studentId: student.studentId,
    action: 'request',
    after: { amountPaise, reason },
  });
  return row;
}

/** POST: a counsellor for their own student (another's is not found), an admin for anyone. */
export async function requestConcession(
  db: Db,
  { input, by }: { input: { studentId: string; amount: number; reason: string }; by: Actor },
): Promise<Concession> {
  return db.transaction(async (tx) => {
    // Decision 009 §2: the student, shared by nothing else here (a read of the balance; the approval locks).
    const found = await findStudent(tx, input.studentId);
    if (!found || (by.role !== 'admin' && found.student.createdBy !== by.uuid)) {
      throw new DomainError('NOT_FOUND', messages.studentNotFound);
    }
    const row = await recordConcessionRequest(tx, {
      student: found.student,
      amountPaise: toPaise(input.amount),
      reason: input.reason,
      by,
    });
    return oneConcession(tx, row.id);
  });
}

export async function listConcessions(
  db: Db,
  { by, query }: { by: Actor; query: { status?: ConcessionStatus | undefined; studentId?: string | undefined } },
): Promise<Concession[]> {
  const rows = await listConcessionRows(db, {
    createdBy: by.role === 'admin' ? undefined : by.uuid,
    status: query.status,
    studentId: query.studentId || undefined,
  });
  return rows.map(toConcession);
}

/**
 * Approve: the request's row first (it queues concurrent decisions: decision 009 §1, like a settlement
 * being decided), then the student's (§2). Only a request still waiting is decided: of 20 concurrent
 * approvals one applies, the others answer 409. Never below what is paid.
 */
export async function approveConcession(
  deps: Pick<Deps, 'db' | 'clock'>,
  { id, by }: { id: number; by: Actor },
): Promise<Concession> {
  return deps.db.transaction(async (tx) => {
    const request = await lockConcession(tx, id);
    if (!request) throw new DomainError('NOT_FOUND', messages.concessionNotFound);
    if (request.status !== 'requested') throw new DomainError('CONFLICT', messages.concessionAlreadyDecided);
    const student = await lockStudent(tx, request.studentId);
    if (!student) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    const totalPaise = student.totalPaise - request.amountPaise;
    if (totalPaise < student.paidPaise) throw new DomainError('CONFLICT', messages.concessionBelowPaid);
    const remainingPaise = totalPaise - student.paidPaise;
    const dueDate = dueDateFor({
      remainingPaise,
      dueDate: undefined,
      today: indianToday(deps.clock()),
      plan: student.feePlan,
      paidPaise: student.paidPaise,
      kept: student.dueDate,
    });
    const before = {
      concessionPaise: student.concessionPaise,
      totalPaise: student.totalPaise,
      remainingPaise: student.remainingPaise,
      dueDate: student.dueDate,
    };
    const after = {
      concessionPaise: student.concessionPaise + request.amountPaise,
      totalPaise,
      remainingPaise,
      dueDate,
    };
    await setConcessionBalance(tx, student.studentId, after);
    await decideConcessionRow(tx, id, {
      status: 'approved',
      decidedBy: by.uuid,
      decisionReason: null,
      decidedAt: deps.clock(),
    });
    await recordAudit(tx, {
      by,
      entity: 'student',
      entityId: student.studentId,
      entityName: student.studentName,
      studentId: student.studentId,
      action: 'update',
      before,
      after: { ...after, reason: `Concession approved: ${request.reason}` },
    });
    await recordAudit(tx, {
      by,
      entity: 'concession',
      entityId: id,
      entityName: student.studentName,
      studentId: student.studentId,
      action: 'approve',
      before: { verifyStatus: 'requested' },
      after: { verifyStatus: 'approved', amountPaise: request.amountPaise, reason: request.reason },
    });
    return oneConcession(tx, id);
  });
}

/** Reject with a reason: the student's balance is untouched. */
export async function rejectConcession(
  deps: Pick<Deps, 'db' | 'clock'>,
  { id, reason, by }: { id: number; reason: string; by: Actor },
): Promise<Concession> {
  return deps.db.transaction(async (tx) => {
    const request = await lockConcession(tx, id);
    if (!request) throw new DomainError('NOT_FOUND', messages.concessionNotFound);
    if (request.status !== 'requested') throw new DomainError('CONFLICT', messages.concessionAlreadyDecided);
    await decideConcessionRow(tx, id, {
      status: 'rejected',
      decidedBy: by.uuid,
      decisionReason: reason,
      decidedAt: deps.clock(),
    });
    const decided = await oneConcession(tx, id);
    await recordAudit(tx, {
      by,
      entity: 'concession',
      entityId: id,
      entityName: decided.studentName,
      studentId: request.studentId,
      action: 'reject',
      before: { verifyStatus: 'requested' },
      after: { verifyStatus: 'rejected', amountPaise: request.amountPaise, decisionReason: reason },
    });
    return decided;
  });
}
