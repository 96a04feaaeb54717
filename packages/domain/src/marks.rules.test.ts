import { describe, expect, it } from 'vitest';
import { markText, missingMarksQuestion, parseMarkText } from './marks.rules';

describe('marks as typed', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['AB', 'AB'],
    [' ab ', 'AB'],
    ['0', 0],
    ['071', 71],
    ['1000', 1000],
    ['A', undefined],
    ['7.5', undefined],
    ['-1', undefined],
    ['12345', undefined],
    ['absent', undefined],
  ] as const)('%j reads as %j', (text, value) => {
    expect(parseMarkText(text)).toBe(value);
  });
  it('shows absent as AB and not entered as a dash', () => {
    expect(markText(null, true)).toBe('AB');
    expect(markText(null, false)).toBe('—');
    expect(markText(0, false)).toBe('0');
  });
});

describe('declaring results while marks are missing', () => {
  it('names how many papers and students', () => {
    expect(missingMarksQuestion({ students: 12, papers: 30 })).toBe(
      '30 papers of 12 students have no marks yet (neither marks nor AB). Declare the results anyway? Those students will see "Result pending" until the marks are entered.',
    );
    expect(missingMarksQuestion({ students: 1, papers: 1 })).toMatch(
      /^1 paper of 1 student has no marks yet.*That student will/,
    );
    expect(missingMarksQuestion({ students: 1200, papers: 1500 })).toMatch(/^1,500 papers of 1,200 students/);
  });
});
