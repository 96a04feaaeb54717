import { type FeePlan, hasInstalments, planDueDate } from './courses.rules';
import { dateWindows } from './dates.rules';
import { DomainError } from './errors';
import { messages } from './messages';

/**
 * The due date a balance carries; none once all is paid (whatever date a form still sent). Called by
 * every change of what a student has paid or owes (registration, payment, concession; the ledger's
 * cancellations and refunds), after the new `remainingPaise` is known:
 * - the student's fee plan has instalments (issue 25): the first instalment `paidPaise` does not cover
 *   yet, of the total `paidPaise + remainingPaise` (a date a form sent is ignored);
 * - otherwise the date a form sent (`dueDate`), from today up to two years ahead;
 * - otherwise the date the student already carries (`kept`), as it is (a concession or a correction
 *   that leaves something remaining keeps the counsellor's date);
 * - none of these: the form must send one.
 */
export function dueDateFor({
  remainingPaise,
  dueDate,
  today,
  plan,
  paidPaise = 0,
  kept,
}: {
  remainingPaise: number;
  dueDate: string | null | undefined;
  today: string;
  /** The fee plan stored on the student (null: paid as the counsellor agrees, one due date at a time). */
  plan?: FeePlan | null | undefined;
  /** What the student has paid, after the change; read only with a plan. */
  paidPaise?: number;
  /** The student's current due date, kept when neither a plan nor a form decides. */
  kept?: string | null | undefined;
}): string | null {
  if (remainingPaise <= 0) return null;
  if (hasInstalments(plan)) return planDueDate(plan, { paidPaise, totalPaise: paidPaise + remainingPaise });
  if (!dueDate) {
    if (kept) return kept;
    throw new DomainError('BAD_REQUEST', messages.dueDateRequired);
  }
  const { from, to } = dateWindows.dueDate(today);
  if (dueDate < from) throw new DomainError('BAD_REQUEST', messages.dueDatePast);
  if (dueDate > to) throw new DomainError('BAD_REQUEST', messages.dueDateTooFar);
  return dueDate;
}
