import {
  cancelPaymentRequest,
  decideCancellationRequest,
  gstSettingsRequest,
  refundRequest,
} from '@app/domain/corrections.schemas';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { payments } from '../db/schema';
import type { Deps } from '../deps';
import {
  cancelPayment,
  decideCancellation,
  listCancellationRequests,
  refundPayment,
  requestCancellation,
  setGstSettings,
} from '../modules/payments/corrections.service';
import type { Actor } from '../plugins/auth';

/**
 * Corrections for the demo (issue 25): per counsellor, a receipt an admin cancelled, a request waiting
 * for an admin and one rejected; and two refunds, so Payment Records, the approvals list, the PDFs and
 * the Activity screen show each kind. The institute's name, address and bank are filled in with no GSTIN, so
 * receipts stay plain ones until an admin gives it (GST Settings).
 */
export async function seedCorrections(
  deps: Pick<Deps, 'db' | 'clock'>,
  { counsellors, admin }: { counsellors: Actor[]; admin: Actor },
) {
  await setGstSettings(deps.db, {
    input: gstSettingsRequest.parse({
      legalName: 'Pariksha Mock Board Exams',
      address: 'Office 4, Shivaji Nagar, Pune 411005, Maharashtra',
      bankName: 'Bank of Maharashtra',
      bankAccount: '60123456789',
      ifsc: 'MAHB0000123',
    }),
    by: admin,
  });
  const dueDate = shiftDate(indianToday(), { days: 30 });
  let refunded = 0;
  for (const counsellor of counsellors) {
    const latest = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.createdBy, counsellor.uuid), isNull(payments.cancelledAt)))
      .orderBy(desc(payments.createdAt), desc(payments.paymentId))
      .limit(4);
    const [toCancel, toAsk, toReject, toRefund] = latest;
    if (toCancel) {
      await cancelPayment(deps, {
        paymentId: toCancel.paymentId,
        input: cancelPaymentRequest.parse({ reason: 'Entered against the wrong student', dueDate }),
        by: admin,
      });
    }
    if (toAsk) {
      await requestCancellation(deps, {
        paymentId: toAsk.paymentId,
        reason: 'Parent paid twice by mistake',
        by: counsellor,
      });
    }
    if (toReject) {
      await requestCancellation(deps, { paymentId: toReject.paymentId, reason: 'Wrong amount typed', by: counsellor });
      const request = (await listCancellationRequests(deps.db, { status: 'pending' })).find(
        (row) => row.paymentId === toReject.paymentId,
      );
      if (request) {
        await decideCancellation(deps, {
          id: request.id,
          input: decideCancellationRequest.parse({
            status: 'rejected',
            reason: 'The amount matches the bank statement',
          }),
          by: admin,
        });
      }
    }
    if (toRefund && refunded < 2) {
      refunded += 1;
      await refundPayment(deps, {
        input: refundRequest.parse({
          paymentId: toRefund.paymentId,
          amount: Math.min(500, toRefund.amountPaise / 100),
          refundMode: 'Online',
          refundedOn: indianToday(),
          reason: 'Family moved to another city',
          dueDate,
        }),
        by: admin,
      });
    }
  }
}
