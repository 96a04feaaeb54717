import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../plugins/auth';
import { findStudent, listPaymentsOf } from '../registrations/registrations.repository';
import { renderPaymentReceipt } from './payment-receipt.pdf';
import { renderRegistrationForm } from './registration-form.pdf';

/**
 * The student behind a document request. An unknown student and another counsellor's student get
 * the same answer (SPEC §8: 403 'Student not found!'), so IDs cannot be probed.
 */
async function studentFor(app: FastifyInstance, { studentId, by }: { studentId: string; by: Actor }) {
  const found = await findStudent(app.db.db, studentId);
  if (!found || (by.role !== 'admin' && found.student.createdBy !== by.uuid)) {
    throw new DomainError('FORBIDDEN', messages.studentNotFoundPdf);
  }
  return found;
}

export async function registrationFormPdf(
  app: FastifyInstance,
  request: { studentId: string; by: Actor },
): Promise<Buffer> {
  const { student, centre } = await studentFor(app, request);
  const [payments, photo] = await Promise.all([
    listPaymentsOf(app.db.db, student.studentId),
    app.files.get(student.studentPhoto),
  ]);
  return renderRegistrationForm({ student, centre, payments, photo });
}

/** A fee receipt for one payment, or the statement of all of them when no payment is named. */
export async function paymentReceiptPdf(
  app: FastifyInstance,
  request: { studentId: string; paymentId?: number | undefined; by: Actor },
): Promise<Buffer> {
  const { student, centre } = await studentFor(app, request);
  const payments = await listPaymentsOf(app.db.db, student.studentId);
  const payment =
    request.paymentId === undefined ? undefined : payments.find((row) => row.paymentId === request.paymentId);
  if (request.paymentId !== undefined && !payment) throw new DomainError('NOT_FOUND', messages.paymentNotFound);
  return renderPaymentReceipt({ student, centre, payments, payment });
}
