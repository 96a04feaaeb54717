import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianToday } from './dates.rules';

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
