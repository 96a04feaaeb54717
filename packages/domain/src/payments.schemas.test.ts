import { describe, expect, it } from 'vitest';
import { financialYearOf, formatReceiptNumber, makePaymentRequest } from './payments.schemas';

describe('financial years', () => {
  it('run April to March', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(formatReceiptNumber('2026-27', 123)).toBe('2026-27/000123');
  });
});

describe('makePaymentRequest', () => {
  const base = { studentId: '2600001', amountPaid: 500, paymentMode: 'Card', receiptPhoto: '/api/files/x.jpg' };
  it("takes the payment form's 'Card' as Cheque and an empty receipt number as none", () => {
    expect(makePaymentRequest.parse({ ...base, receiptNo: '' })).toMatchObject({
      paymentMode: 'Cheque',
      receiptNo: undefined,
    });
  });
  it.each([0, -5, 'abc', 10.001])('refuses the amount %j', (amountPaid) => {
    expect(makePaymentRequest.safeParse({ ...base, amountPaid }).success).toBe(false);
  });
});
