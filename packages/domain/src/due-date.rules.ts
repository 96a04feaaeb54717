import { dateWindows } from './dates.rules';
import { DomainError } from './errors';
import { messages } from './messages';

/**
 * The due date a balance carries: required while something remains, from today up to two years ahead;
 * none once all is paid (whatever date a form still sent).
 */
export function dueDateFor({
  remainingPaise,
  dueDate,
  today,
}: {
  remainingPaise: number;
  dueDate: string | null | undefined;
  today: string;
}): string | null {
  if (remainingPaise <= 0) return null;
  if (!dueDate) throw new DomainError('BAD_REQUEST', messages.dueDateRequired);
  const { from, to } = dateWindows.dueDate(today);
  if (dueDate < from) throw new DomainError('BAD_REQUEST', messages.dueDatePast);
  if (dueDate > to) throw new DomainError('BAD_REQUEST', messages.dueDateTooFar);
  return dueDate;
}
