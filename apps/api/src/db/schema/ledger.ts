import type { RequestStatus } from '@app/domain/corrections.schemas';
import type { PaymentMode } from '@app/domain/registrations.schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz, updatedAt } from './columns';
import { payments, studentRef } from './students';
import { userRef } from './users';

/**
 * A counsellor's request to cancel a receipt of their own student, with a reason; an admin approves it
 * (which cancels the payment) or rejects it (docs/decisions/016-receipt-corrections.md).
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: identityId(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.paymentId),
    reason: text('reason').notNull(),
    requestedBy: userRef('requested_by').notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: userRef('decided_by'),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cancellation_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('cancellation_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    // One open request per receipt.
    uniqueIndex('cancellation_requests_pending_uq').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    index('cancellation_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Money paid back to a family, against one of the student's receipts: its own record and voucher number
 * (gapless per financial year, like receipts). It lowers what the student has paid; the company pays it,
 * so a counsellor's cash account does not change.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: identityId(),
    /** 'RF/2026-27/000001'. */
    voucherNo: text('voucher_no').notNull().unique(),
    studentId: studentRef('student_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.paymentId),
    amountPaise: integer('amount_paise').notNull(),
    refundMode: text('refund_mode').$type<PaymentMode>().notNull(),
    refundedOn: isoDate('refunded_on').notNull(),
    reason: text('reason').notNull(),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount', sql`${t.amountPaise} > 0`),
    check('refunds_mode', sql`${t.refundMode} in ('Cash', 'Online', 'Cheque')`),
    index('refunds_student_idx').on(t.studentId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_refunded_on_idx').on(t.refundedOn),
  ],
);

/**
 * The institute's GST details (one row, id 1): with a GSTIN set, new receipts are tax receipts with a
 * series of their own. No row, or no GSTIN, means off (the default).
 */
export const gstSettings = pgTable(
  'gst_settings',
  {
    id: integer('id').primaryKey(),
    gstin: text('gstin'),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account').notNull(),
    ifsc: text('ifsc').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('gst_settings_one_row', sql`${t.id} = 1`)],
);

export type CancellationRequestRow = typeof cancellationRequests.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type GstSettingsRow = typeof gstSettings.$inferSelect;
