/**
 * Standards a student enrols for, and what follows from the choice (SPEC §4 Standard selection, §9).
 * Money is integer paise.
 */
import { indianToday } from './dates.rules';
export const standards = ['9th+10th', '10th', '11th+12th', '12th'] as const;
export type Standard = (typeof standards)[number];

export const mediums = ['Marathi', 'Semi-English', 'English'] as const;
export const groups = ['PCM', 'PCB', 'PCMB'] as const;
export type Branch = (typeof mediums)[number] | (typeof groups)[number];

type StandardRule = {
  previousYear: string;
  /** The branch is a medium of instruction (9th, 10th) or a subject group (11th, 12th). */
  branchKind: 'medium' | 'group';
  feePaise: number;
  /** Two-year courses sit the board exam next year; one-year courses this year. */
  examYearOffset: 0 | 1;
};

const rules: Record<Standard, StandardRule> = {
  '9th+10th': { previousYear: '8th', branchKind: 'medium', feePaise: 585_000, examYearOffset: 1 },
  '10th': { previousYear: '9th', branchKind: 'medium', feePaise: 585_000, examYearOffset: 0 },
  '11th+12th': { previousYear: '10th', branchKind: 'group', feePaise: 985_000, examYearOffset: 1 },
  '12th': { previousYear: '11th', branchKind: 'group', feePaise: 790_000, examYearOffset: 0 },
};

export function isStandard(value: string): value is Standard {
  return (standards as readonly string[]).includes(value);
}

export function previousYearOf(standard: Standard): string {
  return rules[standard].previousYear;
}

export function branchKindOf(standard: Standard): 'medium' | 'group' {
  return rules[standard].branchKind;
}

/** The mediums or groups a standard offers. */
export function branchesOf(standard: Standard): readonly Branch[] {
  return rules[standard].branchKind === 'medium' ? mediums : groups;
}

export function isBranchOf(standard: Standard, branch: string): boolean {
  return (branchesOf(standard) as readonly string[]).includes(branch);
}

/** The course fee in paise (SPEC §9: 5850, 5850, 9850, 7900 rupees). */
export function feeOf(standard: Standard): number {
  return rules[standard].feePaise;
}

/** The calendar year in India (Asia/Kolkata) on a given instant. */
export function indianYear(now: Date = new Date()): number {
  return Number(indianToday(now).slice(0, 4));
}

/**
 * What an exam session decides for a registration (docs/decisions/007-exam-sessions.md): the exam year
 * 10th and 12th students sit, and the later exam year the two-year courses (9th+10th, 11th+12th) join.
 */
export type SessionYears = { examYear: number; twoYearExamYear: number };

/** SPEC §9 as of one day: 10th and 12th give the current year, the two-year courses the next. */
export function sessionYearsOn(now: Date): SessionYears {
  const year = indianYear(now);
  return { examYear: year, twoYearExamYear: year + 1 };
}

export function isTwoYearCourse(standard: Standard): boolean {
  return rules[standard].examYearOffset === 1;
}

/** A registration's exam year: the session's own for 10th and 12th, the year it names for the two-year courses. */
export function examYearOf(standard: Standard, session: SessionYears): number {
  return isTwoYearCourse(standard) ? session.twoYearExamYear : session.examYear;
}
