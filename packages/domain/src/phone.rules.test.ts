import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { normalisePhone, phoneNumberSchema } from './phone.rules';

describe('normalisePhone', () => {
  it.each([
    ['9822012345', '9822012345'],
    ['  9822012345 ', '9822012345'],
    ['+91 98220 12345', '9822012345'],
    ['+919822012345', '9822012345'],
    ['91 98220 12345', '9822012345'],
    ['91-98220-12345', '9822012345'],
    ['098220-12345', '9822012345'],
    ['09822012345', '9822012345'],
    ['98220 12345', '9822012345'],
    ['(982) 201-2345', '9822012345'],
    ['98220.12345', '9822012345'],
  ])('%j → %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    ['98220', '98220'],
    ['982201234567', '982201234567'],
    ['+1 98220 12345', '+1 98220 12345'],
    ['+9822012345', '+9822012345'],
    ['abc9822012345', 'abc9822012345'],
    ['', ''],
  ])('leaves %j as it is (not a number we can read)', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe('phoneNumberSchema', () => {
  it('answers the 10 digits', () => {
    expect(phoneNumberSchema.parse('+91 98220 12345')).toBe('9822012345');
  });
  it.each(['', '98220', '+1 98220 12345', '12345678901'])('refuses %j with the 10-digit message', (input) => {
    const result = phoneNumberSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.phoneDigits);
  });
});
