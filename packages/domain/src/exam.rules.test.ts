import { describe, expect, it } from 'vitest';
import {
  formatSeatNumber,
  nameKey,
  namesMatch,
  paperSetOf,
  parseSeatNumber,
  seatOrder,
  standardsWriting,
} from './exam.rules';

describe('paper sets', () => {
  it.each([
    ['9th+10th', '10th'],
    ['10th', '10th'],
    ['11th+12th', '12th'],
    ['12th', '12th'],
  ] as const)('%s writes the %s papers', (standard, set) => {
    expect(paperSetOf(standard)).toBe(set);
  });
  it('lists the standards of a paper set', () => {
    expect(standardsWriting('10th')).toEqual(['9th+10th', '10th']);
    expect(standardsWriting('12th')).toEqual(['11th+12th', '12th']);
  });
});

describe('seat numbers', () => {
  it('formats and parses', () => {
    expect(formatSeatNumber(2026, 42)).toBe('S26-00042');
    expect(formatSeatNumber(2100, 99_999)).toBe('S00-99999');
    expect(parseSeatNumber('S26-00042')).toEqual({ yearSuffix: 26, serial: 42 });
    expect(parseSeatNumber('S26-00000')).toBeNull();
    expect(parseSeatNumber('s26-00042')).toBeNull();
    expect(parseSeatNumber('S26-0042')).toBeNull();
  });
  it.each([0, -1, 100_000, 1.5])('refuses the serial %s', (serial) => {
    expect(() => formatSeatNumber(2026, serial)).toThrow(RangeError);
  });
  it('orders by standard, then name (case-insensitive), then ID', () => {
    const order = seatOrder([
      { standard: '12th', studentName: 'Asha', studentId: '3' },
      { standard: '10th', studentName: 'meera', studentId: '2' },
      { standard: '10th', studentName: 'Meera', studentId: '1' },
      { standard: '10th', studentName: 'Arjun', studentId: '4' },
      { standard: '9th+10th', studentName: 'Zoya', studentId: '5' },
    ]).map((s) => s.studentId);
    expect(order).toEqual(['5', '4', '1', '2', '3']);
  });
});

describe('name matching', () => {
  it('ignores case and spaces', () => {
    expect(namesMatch('Asha  Patil', 'asha patil')).toBe(true);
    expect(namesMatch(' ASHA PATIL ', 'AshaPatil')).toBe(true);
    expect(namesMatch('Asha\tPatil', 'asha patil')).toBe(true);
    expect(namesMatch('आशा पाटील', 'आशा  पाटील')).toBe(true);
  });
  it('does not ignore letters', () => {
    expect(namesMatch('Asha Patil', 'Asha Pati')).toBe(false);
    expect(namesMatch('Asha Patil', 'Usha Patil')).toBe(false);
    expect(nameKey('A.B')).toBe('a.b');
  });
});
