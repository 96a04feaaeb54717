import { describe, expect, it } from 'vitest';
import {
  dateField,
  isCleanText,
  numberField,
  optionalNumberField,
  optionalText,
  readNumber,
  requiredText,
  whenValid,
} from './common.schemas';
import { dateWindows, indianToday, shiftDate } from './dates.rules';
import { messages } from './messages';

describe('the number rule', () => {
  it.each([
    [2000, 2000],
    ['2000', 2000],
    ['2000.50', 2000.5],
    ['  12 ', 12],
    ['-3', -3],
  ])('reads %j as %j', (input, expected) => {
    expect(readNumber(input)).toBe(expected);
  });

  it.each(['0x10', '1e3', '1,000', '१२', '１２', '٣', 'Infinity', 'NaN', '12abc', '.5', '5.', '+5', '1'.repeat(20)])(
    'leaves %j as text, to be refused',
    (input) => {
      expect(readNumber(input)).toBe(input);
    },
  );

  it('leaves text longer than any number as text, even all spaces', () => {
    const spaces = ' '.repeat(100_000);
    expect(readNumber(spaces)).toBe(spaces);
  });

  it.each([null, ''])('reads %j as absent', (input) => {
    expect(readNumber(input)).toBeUndefined();
  });

  const rupees = numberField({ required: 'required', invalid: 'invalid', min: 0, max: 1000, decimals: 2 });
  it.each([
    [true, 'invalid'],
    [[5], 'invalid'],
    [{}, 'invalid'],
    ['0x10', 'invalid'],
    [12.345, 'invalid'],
    [1000.01, 'invalid'],
    [-0.01, 'invalid'],
    [null, 'required'],
    ['', 'required'],
    [undefined, 'required'],
  ])('refuses %j with the %s message', (input, message) => {
    const result = rupees.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes whole rupees and paise', () => {
    expect(rupees.parse('999.99')).toBe(999.99);
    expect(rupees.parse(0)).toBe(0);
  });

  it('lets an optional number be missing, null or empty, but not of another type', () => {
    const optional = optionalNumberField({ invalid: 'invalid', min: 0, max: 10, decimals: 0 });
    expect(optional.parse(undefined)).toBeUndefined();
    expect(optional.parse(null)).toBeUndefined();
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse('7')).toBe(7);
    expect(optional.safeParse(false).success).toBe(false);
    expect(optional.safeParse(7.5).success).toBe(false);
  });
});

describe('the text rule', () => {
  it.each(['a\u0000b', 'tab\there', 'line\nbreak', 'bell\u0007', 'del\u007f', 'next\u0085line', 'half \ud800 pair'])(
    'refuses %j on one line',
    (value) => {
      expect(isCleanText(value)).toBe(false);
    },
  );

  it('lets multi-line text hold line breaks and tabs, never NUL', () => {
    expect(isCleanText('12, Shivaji Nagar\r\nPune\t411005', { multiline: true })).toBe(true);
    expect(isCleanText('a\u0000b', { multiline: true })).toBe(false);
  });

  it('keeps Marathi, emoji and ₹ as they are', () => {
    expect(isCleanText('पैश्याची अडचण ₹ 😀')).toBe(true);
  });

  const name = requiredText(10, 'Name is required');
  it('trims, bounds and requires', () => {
    expect(name.parse('  Asha  ')).toBe('Asha');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(null).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Must be at most 10 characters');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe(messages.textInvalid);
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(messages.textControlCharacters);
  });

  it('reads blank optional text as absent', () => {
    const note = optionalText(10);
    expect(note.parse('  ')).toBeUndefined();
    expect(note.parse(null)).toBeUndefined();
    expect(note.parse(' hi ')).toBe('hi');
    expect(note.safeParse(['hi']).success).toBe(false);
  });
});

describe('the date rule', () => {
  const today = indianToday();
  const paid = dateField({ required: 'required', window: dateWindows.pastPayment, outside: 'outside' });

  it.each([
    ['0000-01-01', messages.invalidDate],
    ['2024-02-30', messages.invalidDate],
    ['2023-02-29', messages.invalidDate],
    ['9999-12-31', messages.invalidDate],
    ['2024-1-5', messages.invalidDate],
    ['05/01/2024', messages.invalidDate],
    [20240105, messages.invalidDate],
    ['', 'required'],
    [null, 'required'],
    [undefined, 'required'],
    [shiftDate(today, { days: 1 }), 'outside'],
    [shiftDate(today, { years: -1, days: -1 }), 'outside'],
  ])('refuses %j with the %s message', (input, message) => {
    expect(paid.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('takes today and a year back, both ends inclusive', () => {
    expect(paid.parse(today)).toBe(today);
    expect(paid.parse(shiftDate(today, { years: -1 }))).toBe(shiftDate(today, { years: -1 }));
  });

  it('says which side a date falls off when asked', () => {
    const due = dateField({
      required: 'required',
      window: dateWindows.dueDate,
      outside: { before: 'past', after: 'too far' },
    });
    expect(due.safeParse(shiftDate(today, { days: -1 })).error?.issues[0]?.message).toBe('past');
    expect(due.safeParse(shiftDate(today, { years: 3 })).error?.issues[0]?.message).toBe('too far');
  });

  it('moves 29 February to 1 March in a year without one', () => {
    expect(shiftDate('2024-02-29', { years: 1 })).toBe('2025-03-01');
  });
});

describe('rules between fields', () => {
  it('never run on a body that is not an object', () => {
    const when = whenValid('a');
    expect(when({ issues: [{ path: [] }] })).toBe(false);
    expect(when({ issues: [{ path: ['a'] }] })).toBe(false);
    expect(when({ issues: [{ path: ['b'] }] })).toBe(true);
  });
});
