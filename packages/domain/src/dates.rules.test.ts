import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianDateTime, indianToday, instantOfIndianDateTime } from './dates.rules';

const kolkata = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', dateStyle: 'short' });

describe('indianToday', () => {
  it('turns the date at 18:30 UTC, midnight in India', () => {
    expect(indianToday(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(indianToday(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });

  it('agrees with the Asia/Kolkata time zone at any instant of the product’s years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        (now) => {
          expect(indianToday(now)).toBe(kolkata.format(now));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('a time in India as a date-and-time input holds it', () => {
  it('shows an instant in India and reads it back as the same instant', () => {
    expect(indianDateTime(new Date('2026-03-31T18:20:00.000Z'))).toBe('2026-03-31T23:50');
    expect(instantOfIndianDateTime('2026-03-31T23:50')).toBe('2026-03-31T23:50:00+05:30');
    expect(instantOfIndianDateTime('')).toBe('');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), (minutes) => {
        const instant = new Date(minutes * 60_000);
        return Date.parse(instantOfIndianDateTime(indianDateTime(instant))) === instant.getTime();
      }),
    );
  });
});
