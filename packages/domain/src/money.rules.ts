import { z } from 'zod';

/**
 * Money is integer paise inside the product; rupees with at most two decimals at its edges
 * (ARCHITECTURE decision 10).
 */
export const MAX_AMOUNT_RUPEES = 10_000_000;

export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function toRupees(paise: number): number {
  return paise / 100;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount in rupees as sent by a form: a number (or numeric text), 0 or more, in whole paise. */
export function rupeesSchema(message: string) {
  return z.coerce
    .number({ error: message })
    .min(0, { error: message })
    .max(MAX_AMOUNT_RUPEES, { error: message })
    .refine(hasAtMostTwoDecimals, { error: message });
}
