/**
 * Courses and their fee plans (issue 25; docs/decisions/015-courses-and-concessions.md). A course is
 * what an exam session offers: a name, the standard it prepares for, its branches, its fee and its
 * instalment plan. A student keeps the fee and plan they registered with (stored on the student).
 * Money is integer paise; percentages are basis points (1% = 100).
 */
import { branchesOf, feeOf, type Standard, standards } from './standards.rules';

export const planKinds = ['amount', 'percent'] as const;
export type PlanKind = (typeof planKinds)[number];

/** One instalment: its due date and its share, in paise (`amount` plans) or basis points (`percent`). */
export type Instalment = { dueDate: string; value: number };

/**
 * How a fee is paid: in one go (no instalments: the counsellor sets each due date, as before courses)
 * or by instalments with fixed due dates.
 */
export type FeePlan = { kind: PlanKind; instalments: Instalment[] };

export const MAX_INSTALMENTS = 12;

/**
 * The amount that must be paid by each instalment's due date, cumulative, for a total (the fee less
 * approved concessions): a percent plan scales with the total; an amount plan is cut from its last
 * instalments when a concession lowers the total. The last instalment always reaches the total.
 */
export function cumulativeDues(plan: FeePlan, totalPaise: number): { dueDate: string; byPaise: number }[] {
  let sum = 0;
  return plan.instalments.map((instalment, index) => {
    sum += instalment.value;
    const isLast = index === plan.instalments.length - 1;
    const byPaise = isLast
      ? totalPaise
      : plan.kind === 'percent'
        ? Math.round((totalPaise * sum) / 10_000)
        : Math.min(sum, totalPaise);
    return { dueDate: instalment.dueDate, byPaise };
  });
}

/**
 * The next due date of a plan: the first instalment what is paid does not cover yet (null once all is
 * paid). A due date in the past stays: the instalment is overdue.
 */
export function planDueDate(plan: FeePlan, { paidPaise, totalPaise }: { paidPaise: number; totalPaise: number }) {
  if (paidPaise >= totalPaise) return null;
  const dues = cumulativeDues(plan, totalPaise);
  return dues.find((due) => paidPaise < due.byPaise)?.dueDate ?? dues.at(-1)?.dueDate ?? null;
}

/** Each instalment's own amount in paise, for a total (what a receipt and the course list show). */
export function instalmentAmounts(plan: FeePlan, totalPaise: number): { dueDate: string; amountPaise: number }[] {
  let before = 0;
  return cumulativeDues(plan, totalPaise).map(({ dueDate, byPaise }) => {
    const amountPaise = byPaise - before;
    before = byPaise;
    return { dueDate, amountPaise };
  });
}

export const hasInstalments = (plan: FeePlan | null | undefined): plan is FeePlan =>
  !!plan && plan.instalments.length > 0;

/** The courses a session offers until the admin changes them: SPEC §9's four standards, fees and branches. */
export function defaultCourses(): { name: string; standard: Standard; branches: string[]; feePaise: number }[] {
  return standards.map((standard) => ({
    name: standard,
    standard,
    branches: [...branchesOf(standard)],
    feePaise: feeOf(standard),
  }));
}
