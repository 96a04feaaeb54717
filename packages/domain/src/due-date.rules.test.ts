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

describe('dueDateFor with a fee plan (issue 25)', () => {
  const plan = {
    kind: 'amount' as const,
    instalments: [
      { dueDate: '2026-12-31', value: 300_000 },
      { dueDate: '2027-01-15', value: 300_000 },
      { dueDate: '2027-04-10', value: 300_000 },
    ],
  };

  it.each([
    [0, '2026-12-31'],
    [299_999, '2026-12-31'],
    [300_000, '2027-01-15'],
    [600_000, '2027-04-10'],
    [899_999, '2027-04-10'],
  ])('with %i paise paid of ₹9,000 the next instalment is due on %s, whatever the form sent', (paidPaise, due) => {
    expect(dueDateFor({ remainingPaise: 900_000 - paidPaise, paidPaise, plan, dueDate: '2099-01-01', today })).toBe(
      due,
    );
  });

  it('has none once all is paid', () => {
    expect(dueDateFor({ remainingPaise: 0, paidPaise: 900_000, plan, dueDate: undefined, today })).toBeNull();
  });

  it('cuts an amount plan from its last instalments, and scales a percent plan, when a concession lowers the total', () => {
    // ₹5,000 owed after a ₹4,000 concession: ₹3,000 by 31/12, ₹5,000 by 15/01.
    expect(dueDateFor({ remainingPaise: 200_000, paidPaise: 300_000, plan, dueDate: undefined, today })).toBe(
      '2027-01-15',
    );
    const percent = {
      kind: 'percent' as const,
      instalments: plan.instalments.map((one) => ({ ...one, value: 3_333 })),
    };
    percent.instalments[2] = { dueDate: '2027-04-10', value: 3_334 };
    // ₹6,000 owed: 33.33% is ₹2,000 (rounded), so ₹2,000 paid covers the first instalment.
    expect(dueDateFor({ remainingPaise: 400_000, paidPaise: 200_000, plan: percent, dueDate: undefined, today })).toBe(
      '2027-01-15',
    );
  });

  it('keeps the date the student carries when neither a plan nor a form decides', () => {
    expect(dueDateFor({ remainingPaise: 100, dueDate: undefined, today, kept: '2026-01-01' })).toBe('2026-01-01');
    // A plan without instalments is no plan: the form must send a date.
    expect(() =>
      dueDateFor({ remainingPaise: 100, dueDate: undefined, today, plan: { kind: 'amount', instalments: [] } }),
    ).toThrow(messages.dueDateRequired);
  });
});
