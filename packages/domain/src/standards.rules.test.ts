import { describe, expect, it } from 'vitest';
import {
  branchesOf,
  examYearOf,
  feeOf,
  indianYear,
  isBranchOf,
  previousYearOf,
  sessionYearsOn,
  standards,
} from './standards.rules';

describe('standards', () => {
  it('charge the fees of SPEC §9, in paise', () => {
    expect(standards.map(feeOf)).toEqual([585_000, 585_000, 985_000, 790_000]);
  });

  it('set the previous year', () => {
    expect(standards.map(previousYearOf)).toEqual(['8th', '9th', '10th', '11th']);
  });

  it('offer mediums for 9th and 10th, groups for 11th and 12th', () => {
    expect(branchesOf('10th')).toEqual(['Marathi', 'Semi-English', 'English']);
    expect(branchesOf('11th+12th')).toEqual(['PCM', 'PCB', 'PCMB']);
    expect(isBranchOf('9th+10th', 'Semi-English')).toBe(true);
    expect(isBranchOf('12th', 'English')).toBe(false);
  });

  it("sit the session's exam year, the two-year courses the year the session names for them", () => {
    const session = { examYear: 2026, twoYearExamYear: 2027 };
    expect(standards.map((standard) => examYearOf(standard, session))).toEqual([2027, 2026, 2027, 2026]);
    expect(examYearOf('11th+12th', { examYear: 2026, twoYearExamYear: 2028 })).toBe(2028);
  });

  it('give a first session the years of SPEC §9 on its day: this year for 10th and 12th, the next for two-year courses', () => {
    expect(sessionYearsOn(new Date('2026-07-01T10:00:00Z'))).toEqual({ examYear: 2026, twoYearExamYear: 2027 });
  });

  it('count the year in Asia/Kolkata: 31 December 20:00 UTC is already 1 January there', () => {
    const newYearInIndia = new Date('2026-12-31T20:00:00Z');
    expect(indianYear(newYearInIndia)).toBe(2027);
    expect(indianYear(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
    expect(sessionYearsOn(newYearInIndia).examYear).toBe(2027);
  });
});
