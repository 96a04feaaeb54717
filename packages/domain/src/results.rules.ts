/**
 * Results (issue 15): grade scale, pass rule, percentage and ranks. Marks are whole numbers.
 *
 * - A subject's grade comes from its percentage (marks / maximum): A+ 90+, A 80+, B+ 70+, B 60+,
 *   C 50+, D 35+, F below 35 (the board's 35 % pass mark).
 * - The student passes when every subject of their paper set has marks and each is at least 35 %
 *   of its maximum. A missing subject means the result is not ready ('PENDING'), never a pass.
 * - Percentage: total obtained / total maximum × 100, rounded half up to 2 decimals (shown with 1 or 2).
 * - Overall grade: the grade of the overall percentage.
 * - Ranks: among students with a complete result, by total obtained descending (ties share a rank,
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

export type SubjectMark = { subjectCode: number; subjectName: string; maxMarks: number; marks: number | null };
export type ResultStatus = 'PASS' | 'FAIL' | 'PENDING';

export type StudentResult = {
  subjects: (SubjectMark & { grade: Grade | null })[];
  totalObtained: number;
  totalMaximum: number;
  /** Hundredths of a percent: 8500 = 85.00 %. */
  percentageBp: number;
  grade: Grade | null;
  result: ResultStatus;
};

export function studentResult(subjects: readonly SubjectMark[]): StudentResult {
  const totalObtained = subjects.reduce((sum, s) => sum + (s.marks ?? 0), 0);
  const totalMaximum = subjects.reduce((sum, s) => sum + s.maxMarks, 0);
  const complete = subjects.length > 0 && subjects.every((s) => s.marks !== null);
  const result: ResultStatus = !complete
    ? 'PENDING'
    : subjects.every((s) => passesSubject(s.marks ?? 0, s.maxMarks))
      ? 'PASS'
      : 'FAIL';
  return {
    subjects: subjects.map((s) => ({ ...s, grade: s.marks === null ? null : gradeOf(s.marks, s.maxMarks) })),
    totalObtained,
    totalMaximum,
    percentageBp: percentBp(totalObtained, totalMaximum),
    grade: complete ? gradeOf(totalObtained, totalMaximum) : null,
    result,
  };
}

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

/** A percentage in basis points as text: 8500 → '85.00'. */
export function formatPercent(bp: number): string {
  return (bp / 100).toFixed(2);
}
