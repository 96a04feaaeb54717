import { indianToday, isCalendarDate } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { paperSetOf } from '@app/domain/exam.rules';
import { messages } from '@app/domain/messages';
import type { PortalSettings, StudentProfile, StudentSession } from '@app/domain/online-tests.schemas';
import { type Db, readSnapshot } from '../../db/client';
import type { Deps } from '../../deps';
import { type FailurePolicy, failureGate } from '../../lib/failure-limits';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX } from '../files/files.service';
import { findStudent, listPaymentsOf } from '../registrations/registrations.repository';
import { isReleasedFor } from '../sessions/current-session';
import { getTimetable } from '../subjects/subjects.service';
import {
  bumpTokenVersion,
  findSignInStudent,
  isStudentSignInOn,
  STUDENT_SIGN_IN,
  saveStudentSignIn,
} from './student-portal.repository';
import { studentSignInBlock } from './student-session';

/**
 * Wrong sign-ins counted like the public lookups (lib/failure-limits.ts): per student ID from this
 * address, per ID from all addresses, per address over all IDs. A date of birth has ~6,000 values a
 * student could have, so the own and under-pressure allowances are small: 5 and 2 in 15 minutes; 30
 * failures on one ID from everywhere put it under pressure; 300 from one address (a school lab behind
 * one address signs in 60 students at once, with a few typos each) close it.
 */
export const STUDENT_SIGN_IN_FAILURES: FailurePolicy = {
  name: 'student-login',
  windowMs: 15 * 60 * 1000,
  own: 5,
  ownUnderPressure: 2,
  subject: 30,
  address: 300,
  hardAddressCeiling: true,
};

/**
 * POST /api/student/login. An unknown ID and a wrong date of birth answer the same (no enumeration);
 * the verdict of the failure limits comes before the answer is checked (see failure-limits.ts).
 */
export async function signInStudent(
  deps: Pick<Deps, 'db' | 'attempts' | 'signStudentSession' | 'clock'>,
  { studentId, dob, ip }: { studentId: string; dob: string; ip: string },
): Promise<StudentSession> {
  const id = studentId.trim().toUpperCase();
  const gate = await failureGate(deps.attempts, STUDENT_SIGN_IN_FAILURES, { subject: id, ip });
  if (gate.refused) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyStudentSignIns, {
      retryAfterSeconds: gate.retryAfterSeconds,
    });
  }
  if (!(await isStudentSignInOn(deps.db))) throw new DomainError('FORBIDDEN', messages.studentSignInOff);
  const student = isCalendarDate(dob) ? await findSignInStudent(deps.db, id) : undefined;
  if (!student || student.dob !== dob) {
    await gate.fail();
    throw new DomainError('UNAUTHORIZED', messages.studentSignInFailed);
  }
  await gate.succeed();
  const blocked = studentSignInBlock(student, indianToday(deps.clock()));
  if (blocked) throw new DomainError('FORBIDDEN', blocked);
  const { token, expiresAt } = deps.signStudentSession({
    studentId: student.studentId,
    tokenVersion: student.tokenVersion,
  });
  return { token, expiresAt, studentId: student.studentId, studentName: student.studentName };
}

/** GET /api/student/me: the signed-in student's own page; the ID comes from their token only. */
export async function studentProfileOf(db: Db, studentId: string): Promise<StudentProfile> {
  // One snapshot: the balance and the payments it sums come from the same moment.
  const { student, centre, payments, timetable, hallTicketReleased, resultReleased } = await readSnapshot(
    db,
    async (tx) => {
      const found = await findStudent(tx, studentId);
      if (!found) throw new DomainError('NOT_FOUND', messages.studentNotFound);
      const { student } = found;
      return {
        ...found,
        payments: await listPaymentsOf(tx, studentId),
        timetable: await getTimetable(tx, { standard: paperSetOf(student.standard), examYear: student.examYear }),
        hallTicketReleased: await isReleasedFor(tx, { examYear: student.examYear, flag: 'HALLTICKET' }),
        resultReleased: await isReleasedFor(tx, { examYear: student.examYear, flag: 'RESULT' }),
      };
    },
  );
  return {
    studentId,
    studentName: student.studentName,
    motherName: student.motherName,
    dob: student.dob,
    standard: student.standard,
    branch: student.branch,
    schoolCollege: student.schoolCollege,
    photoUrl: `${PHOTO_URL_PREFIX}${student.studentPhoto}.jpg`,
    centre: `${centre.centerId}-${centre.centerName}`,
    seatNumber: student.seatNumber,
    examYear: student.examYear,
    timetable: timetable.map(({ subjectCode, subjectName, examDate, examTime }) => ({
      subjectCode,
      subjectName,
      examDate,
      examTime,
    })),
    hallTicketReleased,
    resultReleased,
    fees: {
      totalPaise: student.totalPaise,
      paidPaise: student.paidPaise,
      remainingPaise: student.remainingPaise,
      dueDate: student.dueDate,
      payments: payments.map((p) => ({
        paymentId: p.paymentId,
        amountPaise: p.amountPaise,
        paymentMode: p.paymentMode,
        systemReceiptNo: p.systemReceiptNo,
        paidAt: p.createdAt.toISOString(),
      })),
    },
  };
}

/** What the student's hall ticket and marksheet lookups need: their own name and mother's name, from their row. */
export async function lookupOfStudent(db: Db, studentId: string) {
  const found = await findStudent(db, studentId);
  if (!found) throw new DomainError('NOT_FOUND', messages.studentNotFound);
  return { studentId, studentName: found.student.studentName, motherName: found.student.motherName };
}

export async function portalSettingsOf(db: Db): Promise<PortalSettings> {
  return { studentSignIn: await isStudentSignInOn(db) };
}

/** PUT /api/admin/studentPortal: switches students' sign-in (new sign-ins; open sessions carry on, see student-session.ts). */
export async function updatePortalSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  { studentSignIn, by }: PortalSettings & { by: Actor },
): Promise<PortalSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await isStudentSignInOn(tx);
    await saveStudentSignIn(tx, studentSignIn, deps.clock());
    await recordAudit(tx, {
      by,
      entity: 'student_portal',
      entityId: STUDENT_SIGN_IN,
      entityName: 'Student sign-in',
      action: 'update',
      before: { studentSignIn: before },
      after: { studentSignIn },
    });
    return { studentSignIn };
  });
}

/** PUT /api/admin/students/{id}/resetAccess: every session the student holds ends; they sign in again. */
export async function resetStudentAccess(
  deps: Pick<Deps, 'db' | 'clock'>,
  { studentId, by }: { studentId: string; by: Actor },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findStudent(tx, studentId);
    if (!found) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    // Decision 009: the student_access row is the row being changed (rank 2, the student's own); the
    // upsert locks only it.
    await bumpTokenVersion(tx, studentId, deps.clock());
    await recordAudit(tx, {
      by,
      entity: 'student',
      entityId: studentId,
      entityName: found.student.studentName,
      studentId,
      action: 'reset_access',
    });
  });
}
