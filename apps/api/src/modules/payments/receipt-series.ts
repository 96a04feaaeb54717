import { gstSplit, numberSeries } from '@app/domain/corrections.rules';
import { financialYearOf } from '@app/domain/payments.schemas';
import type { Tx } from '../../db/client';
import { nextNumber } from '../../db/counters';
import { readGstSettings } from './corrections.repository';

/**
 * The number a new receipt takes, and its tax part: with the institute's GSTIN set a tax receipt from
 * the GST series of the financial year (1 April), with the fee split into taxable value, CGST and SGST;
 * otherwise the plain series. The counter row stays locked until commit (numbering counters come last,
 * docs/decisions/009-lock-order.md), so each series stays gapless.
 */
export async function issueReceiptNumber(tx: Tx, { amountPaise, today }: { amountPaise: number; today: string }) {
  const financialYear = financialYearOf(today);
  const settings = await readGstSettings(tx);
  if (settings?.gstin) {
    const series = numberSeries.gstReceipt;
    const n = await nextNumber(tx, series.counter(financialYear));
    return { systemReceiptNo: series.format(financialYear, n), gstin: settings.gstin, ...gstSplit(amountPaise) };
  }
  const series = numberSeries.receipt;
  return { systemReceiptNo: series.format(financialYear, await nextNumber(tx, series.counter(financialYear))) };
}

/** The next refund voucher number of the financial year, from its own locked counter. */
export async function issueVoucherNumber(tx: Tx, today: string): Promise<string> {
  const financialYear = financialYearOf(today);
  const series = numberSeries.refund;
  return series.format(financialYear, await nextNumber(tx, series.counter(financialYear)));
}
