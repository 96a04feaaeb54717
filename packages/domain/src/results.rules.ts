/**
 * Results (issue 15): grade scale, pass rule, percentage and ranks. Marks are whole numbers.
 *
 * - A subject's grade comes from its percentage (marks / maximum): A+ 90+, A 80+, B+ 70+, B 60+,
 *   C 50+, D 35+, F below 35 (the board's 35 % pass mark).
 * - The student passes when every subject of their paper set has marks and each is at least 35 %
 *   of its maximum. A subject not entered means the result is not ready ('PENDING': no total,
 *   percentage, grade or rank), never a pass. A subject the student was absent from ('AB') counts 0
 *   and is failed ('FAIL'); absent from every subject is 'ABSENT' (no total, percentage or rank).
 * - Percentage: total obtained / total maximum × 100, rounded half up to 2 decimals (shown with 1 or 2).
 * - Overall grade: the grade of the overall percentage, for a student who passed (a FAIL has none).
 * - Ranks: among students with every subject entered (AB counting 0) and not absent from all of them,
 *   by total obtained descending (ties share a rank,
 *   the next rank skips: 1, 2, 2, 4), within the centre and overall (the whole exam year and paper set).
 */
export const PASS_PERCENT = 35;

export const gradeScale = [
  { grade: 'A+', min: 90 },
  { grade: 'A', min: 80 },
  { grade: 'B+', min: 70 },
  { grade: 'B', min: 60 },
  { grade: 'C', min: 50 },
  { grade: 'D', min: PASS_PERCENT },
  { grade: 'F', min: 0 },
] as const;
export type Grade = (typeof gradeScale)[number]['grade'];

/** Percentage in hundredths (basis points) of obtained over maximum, rounded half up: exact integer arithmetic. */
export function percentBp(obtained: number, maximum: number): number {
  if (maximum <= 0) return 0;
  return Math.floor((obtained * 10_000 * 2 + maximum) / (2 * maximum));
}

export function gradeOf(obtained: number, maximum: number): Grade {
  // Compared exactly: obtained/maximum ≥ min/100 ⇔ 100·obtained ≥ min·maximum.
  for (const step of gradeScale) if (100 * obtained >= step.min * maximum) return step.grade;
  return 'F';
}

export function passesSubject(obtained: number, maximum: number): boolean {
  return 100 * obtained >= PASS_PERCENT * maximum;
}

/** A paper of the student's set: `marks` null and `absent` false means not entered yet. */
export type SubjectMark = {
  subjectCode: number;
  subjectName: string;
  maxMarks: number;
  marks: number | null;
  absent: boolean;
};
export type ResultStatus = 'PASS' | 'FAIL' | 'ABSENT' | 'PENDING';

export type StudentResult = {
  subjects: (SubjectMark & { grade: Grade | null })[];
  /** Null while the result is pending or the student was absent from every paper. */
  totalObtained: number | null;
  totalMaximum: number;
  /** Hundredths of a percent: 8500 = 85.00 %; null when there is no total. */
  percentageBp: number | null;
  grade: Grade | null;
  result: ResultStatus;
};

/**
 * A student's result from their papers (the board's rules, see the top of this file and issue 21):
 * - a paper not entered leaves the whole result PENDING: no total, percentage, grade or rank;
 * - an absent paper ('AB') counts 0 in the total, has no grade, and is not passed: the result is FAIL,
 *   as the Maharashtra board does not pass a student absent from a paper;
 * - absent from every paper: the result is ABSENT, with no total, percentage, grade or rank.
 */
export function studentResult(subjects: readonly SubjectMark[]): StudentResult {
  const totalMaximum = subjects.reduce((sum, s) => sum + s.maxMarks, 0);
  const graded = subjects.map((s) => ({ ...s, grade: s.marks === null ? null : gradeOf(s.marks, s.maxMarks) }));
  const pending = subjects.length === 0 || subjects.some((s) => s.marks === null && !s.absent);
  const absent = !pending && subjects.every((s) => s.absent);
  if (pending || absent) {
    return {
      subjects: graded,
      totalObtained: null,
      totalMaximum,
      percentageBp: null,
      grade: null,
      result: pending ? 'PENDING' : 'ABSENT',
    };
  }
  const totalObtained = subjects.reduce((sum, s) => sum + (s.marks ?? 0), 0);
  const passed = subjects.every((s) => s.marks !== null && passesSubject(s.marks, s.maxMarks));
  return {
    subjects: graded,
    totalObtained,
    totalMaximum,
    percentageBp: percentBp(totalObtained, totalMaximum),
    grade: passed ? gradeOf(totalObtained, totalMaximum) : null,
    result: passed ? 'PASS' : 'FAIL',
  };
}

/** The result as the page and the marksheet show it. */
export const resultLabels: Record<ResultStatus, string> = {
  PASS: 'PASS',
  FAIL: 'FAIL',
  ABSENT: 'ABSENT',
  PENDING: 'Result pending',
};

/** Competition ranks (1, 2, 2, 4) by score descending; answers rank per key. */
export function competitionRanks<K>(entries: readonly { key: K; score: number }[]): Map<K, number> {
  const sorted = [...entries].sort((a, b) => b.score - a.score);
  const ranks = new Map<K, number>();
  sorted.forEach((entry, index) => {
    const previous = sorted[index - 1];
    ranks.set(
      entry.key,
      previous && previous.score === entry.score ? (ranks.get(previous.key) ?? index + 1) : index + 1,
    );
  });
  return ranks;
}

/** A percentage in basis points as text: 8500 → '85.00'; none is null. */
export function formatPercent(bp: number | null): string | null {
  return bp === null ? null : (bp / 100).toFixed(2);
}
