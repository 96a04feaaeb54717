import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { type Executor, readSnapshot } from '../../db/client';
import type { StudentRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { listConcessionRows } from '../courses/concessions.repository';
import { findCourse } from '../courses/courses.repository';
import { findRefundWithPayment, getGstSettings, refundsOfStudent } from '../payments/corrections.service';
import { findStudent, listPaymentsOf } from '../registrations/registrations.repository';
import { findUserByUuid } from '../users/users.repository';
import { type FeeRecord, renderPaymentReceipt } from './payment-receipt.pdf';
import { renderRefundVoucher } from './refund-voucher.pdf';
import { renderRegistrationForm } from './registration-form.pdf';

/**
 * The student behind a document request. An unknown student and another counsellor's student get
 * the same answer (SPEC §8: 403 'Student not found!'), so IDs cannot be probed.
 */
async function studentFor(db: Executor, { studentId, by }: { studentId: string; by: Actor }) {
  const found = await findStudent(db, studentId);
  if (!found || (by.role !== 'admin' && found.student.createdBy !== by.uuid)) {
    throw new DomainError('FORBIDDEN', messages.studentNotFoundPdf);
  }
  return found;
}

/** The student's course name and money history, for the fee documents' figures as of their moment. */
async function feeRecordOf(db: Executor, student: StudentRow): Promise<FeeRecord> {
  // One after the other: the callers read inside one transaction, on one connection.
  const course = student.courseId === null ? undefined : await findCourse(db, student.courseId);
  const payments = await listPaymentsOf(db, student.studentId);
  const refunds = await refundsOfStudent(db, student.studentId);
  const concessions = await listConcessionRows(db, { studentId: student.studentId });
  return { courseName: course?.name, payments, refunds, concessions: concessions.map((row) => row.concession) };
}

export async function registrationFormPdf(
  deps: Pick<Deps, 'db' | 'files'>,
  request: { studentId: string; by: Actor },
): Promise<Buffer> {
  const { student, centre, payments, course } = await readSnapshot(deps.db, async (tx) => {
    const found = await studentFor(tx, request);
    return {
      ...found,
      payments: await listPaymentsOf(tx, found.student.studentId),
      course: found.student.courseId === null ? undefined : await findCourse(tx, found.student.courseId),
    };
  });
  const photo = await deps.files.get(student.studentPhoto);
  return renderRegistrationForm({ student, centre, courseName: course?.name, payments, photo });
}

/** A fee receipt for one payment, or the statement of all of them when no payment is named. */
export async function paymentReceiptPdf(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  request: { studentId: string; paymentId?: number | undefined; by: Actor },
): Promise<Buffer> {
  await studentFor(deps.db, request);
  return receiptPdfOf(deps, request);
}

/** A student's receipt for one payment (or the statement): for staff above, and the student's own page. */
export async function receiptPdfOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  request: { studentId: string; paymentId?: number | undefined },
): Promise<Buffer> {
  const { student, centre, record, payment, gst } = await readSnapshot(deps.db, async (tx) => {
    const found = await findStudent(tx, request.studentId);
    if (!found) throw new DomainError('FORBIDDEN', messages.studentNotFoundPdf);
    const record = await feeRecordOf(tx, found.student);
    const payment =
      request.paymentId === undefined ? undefined : record.payments.find((row) => row.paymentId === request.paymentId);
    if (request.paymentId !== undefined && !payment) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
    return { ...found, record, payment, gst: payment?.gstin ? await getGstSettings(tx) : undefined };
  });
  return renderPaymentReceipt({ student, centre, record, payment, gst, printedAt: deps.clock() });
}

/** A refund's voucher; a counsellor only their own student's (others answer as unknown). */
export async function refundVoucherPdf(
  deps: Pick<Deps, 'db' | 'clock'>,
  { refundId, by }: { refundId: number; by: Actor },
): Promise<Buffer> {
  const { found, owner, paidBy, record } = await readSnapshot(deps.db, async (tx) => {
    const found = await findRefundWithPayment(tx, refundId);
    const owner = found ? await findStudent(tx, found.refund.studentId) : undefined;
    if (!found || !owner || (by.role !== 'admin' && owner.student.createdBy !== by.uuid)) {
      throw new DomainError('NOT_FOUND', messages.refundNotFound);
    }
    return {
      found,
      owner,
      paidBy: await findUserByUuid(tx, found.refund.createdBy),
      record: await feeRecordOf(tx, owner.student),
    };
  });
  return renderRefundVoucher({
    student: owner.student,
    record,
    ...found,
    paidBy: paidBy?.name ?? '',
    printedAt: deps.clock(),
  });
}
