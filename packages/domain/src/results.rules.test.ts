import { describe, expect, it } from 'vitest';
import {
  competitionRanks,
  formatPercent,
  gradeOf,
  passesSubject,
  percentBp,
  resultLabels,
  studentResult,
} from './results.rules';

describe('grades', () => {
  it.each([
    [100, 100, 'A+'],
    [90, 100, 'A+'],
    [89, 100, 'A'],
    [80, 100, 'A'],
    [79, 100, 'B+'],
    [70, 100, 'B+'],
    [60, 100, 'B'],
    [59, 100, 'C'],
    [50, 100, 'C'],
    [49, 100, 'D'],
    [35, 100, 'D'],
    [34, 100, 'F'],
    [0, 100, 'F'],
    [72, 80, 'A+'],
    [71, 80, 'A'],
    [28, 80, 'D'],
    [27, 80, 'F'],
  ] as const)('%i of %i is %s', (obtained, maximum, grade) => {
    expect(gradeOf(obtained, maximum)).toBe(grade);
  });
  it('passes a subject at 35 % exactly', () => {
    expect(passesSubject(35, 100)).toBe(true);
    expect(passesSubject(34, 100)).toBe(false);
    expect(passesSubject(28, 80)).toBe(true);
    expect(passesSubject(27, 80)).toBe(false);
  });
  it('percentages round half up to hundredths', () => {
    expect(percentBp(255, 300)).toBe(8500);
    expect(percentBp(1, 3)).toBe(3333);
    expect(percentBp(2, 3)).toBe(6667);
    expect(percentBp(1, 8)).toBe(1250);
    expect(percentBp(1, 16_000)).toBe(1); // 0.00625 % → 0.01
    expect(percentBp(0, 0)).toBe(0);
    expect(formatPercent(8500)).toBe('85.00');
  });
});

describe('a hand-checked result', () => {
  const subject = (subjectCode: number, marks: number | null | 'AB', maxMarks = 100) => ({
    subjectCode,
    subjectName: `S${subjectCode}`,
    maxMarks,
    marks: marks === 'AB' ? null : marks,
    absent: marks === 'AB',
  });
  it("SPEC's sample: 85 + 92 + 78 = 255 of 300, 85 %, PASS, A", () => {
    const result = studentResult([subject(1, 85), subject(2, 92), subject(3, 78)]);
    expect(result.totalObtained).toBe(255);
    expect(result.totalMaximum).toBe(300);
    expect(result.percentageBp).toBe(8500);
    expect(result.result).toBe('PASS');
    expect(result.grade).toBe('A');
    expect(result.subjects.map((s) => s.grade)).toEqual(['A', 'A+', 'B+']);
  });
  it('one subject under 35 % fails the student whatever the total', () => {
    const result = studentResult([subject(1, 100), subject(2, 100), subject(3, 34)]);
    expect(result.percentageBp).toBe(7800);
    expect(result.result).toBe('FAIL');
    expect(result.grade).toBeNull();
  });
  it('a subject not entered leaves the result pending: no total, percentage or grade', () => {
    const result = studentResult([subject(1, 85), subject(2, null)]);
    expect(result.result).toBe('PENDING');
    expect(result.totalObtained).toBeNull();
    expect(result.percentageBp).toBeNull();
    expect(result.grade).toBeNull();
    expect(result.subjects[1]?.grade).toBeNull();
    expect(resultLabels[result.result]).toBe('Result pending');
  });
  it('not entered wins over absent: pending until every paper is entered', () => {
    expect(studentResult([subject(1, 'AB'), subject(2, null)]).result).toBe('PENDING');
  });
  it('an absent paper counts 0 and fails the student, however high the rest', () => {
    const result = studentResult([subject(1, 100), subject(2, 100), subject(3, 'AB')]);
    expect(result.result).toBe('FAIL');
    expect(result.totalObtained).toBe(200);
    expect(result.percentageBp).toBe(6667);
    expect(result.grade).toBeNull();
    expect(result.subjects.map((s) => s.grade)).toEqual(['A+', 'A+', null]);
  });
  it('absent from every paper is ABSENT, with no total, percentage or grade', () => {
    const result = studentResult([subject(1, 'AB'), subject(2, 'AB')]);
    expect(result).toMatchObject({ result: 'ABSENT', totalObtained: null, percentageBp: null, grade: null });
    expect(formatPercent(result.percentageBp)).toBeNull();
  });
  it('no subjects at all is pending, not a pass', () => {
    expect(studentResult([]).result).toBe('PENDING');
  });
});

describe('ranks', () => {
  it('ties share a rank and the next one skips', () => {
    const ranks = competitionRanks([
      { key: 'a', score: 250 },
      { key: 'b', score: 280 },
      { key: 'c', score: 250 },
      { key: 'd', score: 200 },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, a: 2, c: 2, d: 4 });
  });
});
