import type { Payment } from '@app/domain/payments.schemas';

/** A payment as the API lists it: ₹2,000 in cash, not cancelled, with `change` on top. */
export const aPayment = (change: Partial<Payment> = {}): Payment => ({
  paymentId: 42,
  receiptNo: '8981',
  receiptNumber: '2026-27/000042',
  amountPaid: 2000,
  createdAt: '2026-11-20T06:30:00.000Z',
  paymentMode: 'Cash',
  receiptPhoto: '/api/files/receipt.jpg',
  cancelledAt: null,
  cancelReason: null,
  ...change,
});
