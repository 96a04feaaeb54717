import { describe, expect, it } from 'vitest';
import { shiftDate } from './dates.rules';
import { dueDateFor } from './due-date.rules';
import { messages } from './messages';

const today = '2026-11-23';

describe('dueDateFor', () => {
  it('drops any date once nothing remains', () => {
    expect(dueDateFor({ remainingPaise: 0, dueDate: '2001-01-01', today })).toBeNull();
  });

  it('keeps a date from today up to two years ahead while something remains', () => {
    expect(dueDateFor({ remainingPaise: 1, dueDate: today, today })).toBe(today);
    const last = shiftDate(today, { years: 2 });
    expect(dueDateFor({ remainingPaise: 1, dueDate: last, today })).toBe(last);
  });

  it.each([
    [undefined, messages.dueDateRequired],
    ['', messages.dueDateRequired],
    ['2026-11-22', messages.dueDatePast],
    [shiftDate(today, { years: 2, days: 1 }), messages.dueDateTooFar],
  ])('refuses %j with its message', (dueDate, message) => {
    expect(() => dueDateFor({ remainingPaise: 100, dueDate, today })).toThrow(message);
  });
});
