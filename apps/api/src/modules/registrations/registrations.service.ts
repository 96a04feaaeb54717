import { indianToday } from '@app/domain/dates.rules';
import { dueDateFor } from '@app/domain/due-date.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { DEFAULT_PAGE_SIZE, type Page, UNPAGED_REGISTRATIONS_LIMIT } from '@app/domain/paging.schemas';
import { balanceAfter } from '@app/domain/payments.rules';
import type { GetRegisterQuery, RegisterStudentInput, RegistrationRow } from '@app/domain/registrations.schemas';
import { examYearOf, indianYear, previousYearOf, type Standard } from '@app/domain/standards.rules';
import type { Db } from '../../db/client';
import { nextNumber } from '../../db/counters';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { findCentre, findCentreByRef } from '../centres/centres.repository';
import { recordConcessionRequest } from '../courses/concessions.service';
import { courseForRegistration } from '../courses/courses.service';
import { storedPhotoHash } from '../files/files.service';
import { recordPayment } from '../payments/payments.service';
import { lockSeatCounter, seatNewStudent } from '../seats/seats.service';
import { currentSession, isReleasedFor } from '../sessions/current-session';
import { lockVisiting, setConvertedStudent } from '../visiting/visiting.repository';
import { countStudentRows, countStudentsAtCentre, insertStudent, listStudentRows } from './registrations.repository';

/**
 * Student IDs: the last two digits of the registration year in India, then that year's running
 * number in five digits: '2600001', '2600002', … Digits only, so they are easy to type on a phone
 * keypad for the hall ticket, and short enough to read out over the phone.
 */
export function formatStudentId(year: number, sequence: number): string {
  return `${String(year % 100).padStart(2, '0')}${String(sequence).padStart(5, '0')}`;
}

/**
 * Registers a student for the signed-in counsellor with the first payment. The server decides every
 * derived value: the fee of the (payment) standard, the previous year, the exam year, what remains.
 * One transaction: the centre's row is locked while its seats are counted, and the student ID is
 * taken from a locked counter, so concurrent registrations get distinct IDs and never overfill a centre.
 */
export async function registerStudent(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  { input, by }: { input: RegisterStudentInput; by: Actor },
): Promise<{ studentId: string; paymentId: number | null; receiptNumber: string | null }> {
  const [studentPhoto, receiptPhoto] = await Promise.all([
    storedPhotoHash(deps.files, input.studentPhoto),
    storedPhotoHash(deps.files, input.receiptPhoto),
  ]);
  const paidPaise = toPaise(input.amountPaid);
  const now = deps.clock();

  return deps.db.transaction(async (tx) => {
    // Locks in the order of docs/decisions/009-lock-order.md: first the open exam session (shared: the
    // exam year comes from it, never from the date, and a release of its hall tickets commits before or
    // after this registration) and, when the student's hall tickets are out, their year's seat counter;
    // then the centre, the enquiry, then the counters (student ID, receipt) as late as possible.
    const session = await currentSession(tx, 'share');
    // Issue 25: the fee and its plan are the course's (read, not locked: a course edit committed before
    // this reaches this student, one after does not), and stay on the student from now on.
    const course = await courseForRegistration(tx, {
      session,
      courseId: input.courseId,
      standard: input.standard,
      paymentStandard: input.paymentStandard,
      branch: input.branch,
    });
    const paymentStandard: Standard = course.standard;
    const feePaise = course.feePaise;
    const totalPaise = feePaise;
    const { remainingPaise, isOverpaid } = balanceAfter(totalPaise, paidPaise);
    if (isOverpaid) throw new DomainError('BAD_REQUEST', messages.amountPaidTooHigh);
    const dueDate = dueDateFor({
      remainingPaise,
      dueDate: input.dueDate,
      today: indianToday(now),
      plan: course.plan,
      paidPaise,
    });
    const examYear = examYearOf(input.standard, session);
    const isSeated = await isReleasedFor(tx, { examYear, flag: 'HALLTICKET', lock: true });
    if (isSeated) await lockSeatCounter(tx, examYear);
    const centre = await findCentre(tx, input.examCentre, { lock: true });
    if (!centre) throw new DomainError('BAD_REQUEST', messages.examCentreUnknown);
    if (centre.capacity !== null && (await countStudentsAtCentre(tx, centre.centerId)) >= centre.capacity) {
      throw new DomainError('CONFLICT', messages.examCentreFull);
    }
    // From an enquiry: assigned to this counsellor, open and not yet converted; checked with its row locked
    // (009: the enquiry after the centre). Registered is then its status (the conversion link).
    const enquiry = input.enquiryId === undefined ? undefined : await lockVisiting(tx, input.enquiryId);
    if (input.enquiryId !== undefined) {
      if (!enquiry || enquiry.assignedTo !== by.uuid) throw new DomainError('NOT_FOUND', messages.enquiryNotFound);
      if (enquiry.convertedStudentId) throw new DomainError('CONFLICT', messages.enquiryAlreadyConverted);
      if (enquiry.closedAt) throw new DomainError('CONFLICT', messages.enquiryClosedReopenFirst);
    }
    const year = indianYear(now);
    const studentId = formatStudentId(year, await nextNumber(tx, `student:${year}`));
    const student = {
      studentId,
      studentName: input.studentName,
      gender: input.gender,
      dob: input.dob,
      motherName: input.motherName,
      address: input.address,
      pincode: input.pincode,
      email: input.email,
      studentNo: input.studentNo,
      parentsNo: input.parentsNo,
      appNo: input.appNo,
      notificationNo: input.notificationNo,
      standard: input.standard,
      previousYear: previousYearOf(input.standard),
      schoolCollege: input.schoolCollege,
      preYearPercentBp: Math.round(input.preYearPercent * 100),
      branch: input.branch,
      examCentreId: centre.centerId,
      examYear,
      studentPhoto,
      paymentStandard,
      courseId: course.id,
      feePaise,
      feePlan: course.plan,
      totalPaise,
      paidPaise,
      remainingPaise,
      dueDate,
      createdBy: by.uuid,
      counsellor: by.name,
      counsellorBranch: by.branch ?? '',
    };
    await insertStudent(tx, student);
    await recordAudit(tx, { by, entity: 'student', entityId: studentId, studentId, action: 'create', after: student });
    // Hall tickets of the student's session already out: the next seat now, so the ticket is there too.
    if (isSeated) await seatNewStudent(tx, { student, examYear, by });
    if (enquiry) {
      await setConvertedStudent(tx, enquiry.id, studentId);
      await recordAudit(tx, {
        by,
        entity: 'enquiry',
        entityId: enquiry.id,
        entityName: enquiry.studentName,
        studentId,
        action: 'update',
        before: { convertedStudentId: null },
        after: { convertedStudentId: studentId },
      });
    }
    // A concession asked for at registration waits for an admin (issue 25): it changes nothing yet.
    if (input.concessionAmount !== undefined && input.concessionReason) {
      await recordConcessionRequest(tx, {
        student: { studentId, studentName: input.studentName, remainingPaise },
        amountPaise: toPaise(input.concessionAmount),
        reason: input.concessionReason,
        by,
      });
    }
    if (paidPaise === 0) return { studentId, paymentId: null, receiptNumber: null };
    const payment = await recordPayment(tx, {
      studentId,
      amountPaise: paidPaise,
      paymentMode: input.modeOfPayment,
      receiptNo: input.receiptNo,
      receiptPhoto,
      by,
      now,
    });
    return { studentId, paymentId: payment.paymentId, receiptNumber: payment.systemReceiptNo };
  });
}

type ListedRow = Awaited<ReturnType<typeof listStudentRows>>[number];

const toRow = (row: ListedRow): RegistrationRow => ({
  studentId: row.studentId,
  studentName: row.studentName,
  standard: row.standard,
  branch: row.branch,
  studentNo: row.studentNo,
  parentsNo: row.parentsNo,
  examCentre: `${row.examCentreId}-${row.centerName}`,
  counsellor: row.counsellor,
  counsellorBranch: row.counsellorBranch,
  createdBy: row.createdBy,
  totalAmount: toRupees(row.totalPaise),
  amountPaid: toRupees(row.paidPaise),
  amountRemaining: toRupees(row.remainingPaise),
  dueDate: row.dueDate,
  createdAt: row.createdAt.toISOString(),
  seatNumber: row.seatNumber,
  status: row.status,
});

/**
 * The Registration Table: a counsellor's own students, or everyone's for an admin. With `page` it is
 * one page and the totals; without, the whole list (the spec's client asks for that).
 */
export async function listRegistrations(
  db: Db,
  { by, query }: { by: Actor; query: GetRegisterQuery },
): Promise<Page<RegistrationRow>> {
  let examCentreId: number | undefined;
  if (query.examCentre) {
    const centre = await findCentreByRef(db, query.examCentre);
    // An unknown centre matches no student.
    if (!centre) return { data: [], totalCount: 0, totalPages: 1 };
    examCentreId = centre.centerId;
  }
  const isAdmin = by.role === 'admin';
  const filter = {
    createdBy: isAdmin ? undefined : by.uuid,
    counsellor: isAdmin ? query.counsellor : undefined,
    counsellorBranch: isAdmin ? query.branch : undefined,
    standard: query.standard,
    examCentreId,
    search: query.search,
    includeWithdrawn: query.includeWithdrawn,
  };
  // Without `page` (SPEC §7's call) the newest UNPAGED_REGISTRATIONS_LIMIT rows, with the totals that say
  // whether there are more: the whole list at 20,000 students was 8.9 MB built in memory for one answer.
  const page = query.page ?? 1;
  const limit = query.limit ?? (query.page ? DEFAULT_PAGE_SIZE : UNPAGED_REGISTRATIONS_LIMIT);
  const [rows, totalCount] = await Promise.all([
    listStudentRows(db, filter, { offset: (page - 1) * limit, limit }),
    countStudentRows(db, filter),
  ]);
  return { data: rows.map(toRow), totalCount, totalPages: Math.max(1, Math.ceil(totalCount / limit)) };
}
