import { toPaise } from './money.rules';

/**
 * Payment arithmetic, in integer paise (SPEC §4 Payment form, §5, §9): what remains after a payment,
 * whether it is refused, and whether nothing remains. The registration and payment forms show it as
 * it is typed; the server decides with the same rules.
 */
export type Balance = {
  /** Owed − paid: below 0 when more is paid than is owed. */
  remainingPaise: number;
  /** SPEC §5: more paid than is owed, which is refused. */
  isOverpaid: boolean;
  /** Nothing remains, so no due date is asked for (SPEC §2). */
  isSettled: boolean;
};

/** The balance once `paidPaise` is paid towards `owedPaise` (the fee at registration, else what remains). */
export function balanceAfter(owedPaise: number, paidPaise: number): Balance {
  const remainingPaise = owedPaise - paidPaise;
  return { remainingPaise, isOverpaid: remainingPaise < 0, isSettled: remainingPaise === 0 };
}

/** SPEC §5 Payment: an instalment is more than nothing and at most what remains. */
export function isValidInstalment(amountPaise: number, remainingPaise: number): boolean {
  return amountPaise > 0 && amountPaise <= remainingPaise;
}

/** An amount of rupees as typed into a form, in paise; null while it is blank or not a number. */
export function typedPaise(text: string): number | null {
  const trimmed = text.trim();
  const rupees = Number(trimmed);
  return trimmed !== '' && Number.isFinite(rupees) ? toPaise(rupees) : null;
}
