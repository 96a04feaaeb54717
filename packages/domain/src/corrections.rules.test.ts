import { describe, expect, it } from 'vitest';
import { accountAsOf, gstSplit, ledgerBalance, numberSeries, refundablePaise } from './corrections.rules';
import { financialYearOf } from './payments.schemas';

describe('gstSplit', () => {
  it('splits a tax-inclusive fee into taxable value, CGST 9% and SGST 9%', () => {
    // ₹5,850 / 1.18 = ₹4,957.627… → ₹4,957.63; tax ₹892.37, the odd paisa to CGST.
    expect(gstSplit(585_000)).toEqual({ taxablePaise: 495_763, cgstPaise: 44_619, sgstPaise: 44_618 });
    expect(gstSplit(11_800)).toEqual({ taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900 });
    expect(gstSplit(1)).toEqual({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0 });
  });

  it('parts always sum to the amount exactly, each close to its rate', () => {
    for (let amount = 1; amount <= 200_000; amount += 97) {
      const { taxablePaise, cgstPaise, sgstPaise } = gstSplit(amount);
      expect(taxablePaise + cgstPaise + sgstPaise).toBe(amount);
      expect(Math.abs(taxablePaise - (amount * 100) / 118)).toBeLessThanOrEqual(0.5);
      expect(cgstPaise - sgstPaise).toBeGreaterThanOrEqual(0);
      expect(cgstPaise - sgstPaise).toBeLessThanOrEqual(1);
    }
  });
});

describe('ledgerBalance', () => {
  it('paid is the non-cancelled payments less refunds; the balance what is owed less paid', () => {
    const payments = [
      { amountPaise: 200_000, cancelled: false },
      { amountPaise: 100_000, cancelled: true },
      { amountPaise: 50_000, cancelled: false },
    ];
    expect(ledgerBalance({ owedPaise: 585_000, payments, refundedPaise: 30_000 })).toEqual({
      paidPaise: 220_000,
      remainingPaise: 365_000,
    });
  });
});

describe('refundablePaise', () => {
  it('is nothing for a cancelled receipt, else the receipt less its refunds, at most what is paid', () => {
    const base = { paymentPaise: 100_000, refundedAgainstPaymentPaise: 0, studentPaidPaise: 300_000 };
    expect(refundablePaise({ ...base, cancelled: true })).toBe(0);
    expect(refundablePaise({ ...base, cancelled: false })).toBe(100_000);
    expect(refundablePaise({ ...base, cancelled: false, refundedAgainstPaymentPaise: 40_000 })).toBe(60_000);
    expect(refundablePaise({ ...base, cancelled: false, studentPaidPaise: 25_000 })).toBe(25_000);
  });
});

describe('number series', () => {
  it('each series restarts on 1 April (the financial year), in Indian dates', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(numberSeries.gstReceipt.format(financialYearOf('2027-04-01'), 1)).toBe('GST/2027-28/000001');
    expect(numberSeries.refund.format('2026-27', 42)).toBe('RF/2026-27/000042');
    expect(numberSeries.receipt.format('2026-27', 7)).toBe('2026-27/000007');
    expect(numberSeries.gstReceipt.counter('2026-27')).not.toBe(numberSeries.receipt.counter('2026-27'));
  });
});

describe('accountAsOf (a receipt or voucher: the account as it stood at its moment)', () => {
  const t = (hour: number) => new Date(Date.UTC(2027, 3, 1, hour));
  const payments = [
    { amountPaise: 200_000, createdAt: t(1), cancelledAt: t(5) },
    { amountPaise: 150_000, createdAt: t(2), cancelledAt: null },
  ];
  const refunds = [{ amountPaise: 50_000, createdAt: t(6) }];
  const concessions = [
    { amountPaise: 50_000, status: 'approved', decidedAt: t(4) },
    { amountPaise: 90_000, status: 'rejected', decidedAt: t(1) },
    { amountPaise: 10_000, status: 'requested', decidedAt: null },
  ];
  const at = (moment: Date) => accountAsOf({ at: moment, feePaise: 650_000, payments, refunds, concessions });

  it('counts a payment cancelled later, and no concession or refund decided later', () => {
    expect(at(t(2))).toEqual({ owedPaise: 650_000, paidPaise: 350_000, balancePaise: 300_000 });
  });
  it('takes each event from its own moment on', () => {
    expect(at(t(4))).toEqual({ owedPaise: 600_000, paidPaise: 350_000, balancePaise: 250_000 });
    expect(at(t(5))).toEqual({ owedPaise: 600_000, paidPaise: 150_000, balancePaise: 450_000 });
    expect(at(t(6))).toEqual({ owedPaise: 600_000, paidPaise: 100_000, balancePaise: 500_000 });
  });
});
