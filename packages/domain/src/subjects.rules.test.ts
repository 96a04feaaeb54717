import { describe, expect, it } from 'vitest';
import { clockParts, examsOverlap, examTimetable, parseExamTime } from './subjects.rules';

describe('parseExamTime', () => {
  it.each([
    ['10:00 AM-1:00 PM', { start: 600, end: 780 }],
    ['12:00 AM-12:30 AM', { start: 0, end: 30 }],
    ['12:00 PM-1:05 PM', { start: 720, end: 785 }],
    ['1:00 AM-11:59 PM', { start: 60, end: 1439 }],
  ])('reads %s', (text, expected) => {
    expect(parseExamTime(text)).toEqual(expected);
  });

  it.each([
    '',
    '10 AM-1 PM',
    '10:00AM-1:00PM',
    '13:00 PM-1:00 PM',
    '0:10 AM-1:00 AM',
    '10:7 AM-1:00 PM',
    '10:00 AM-1:60 PM',
  ])('refuses %j', (text) => {
    expect(parseExamTime(text)).toBeNull();
  });
});

describe('clockParts', () => {
  it('writes minutes back as the form shows them', () => {
    expect(clockParts(0)).toEqual({ hour: '12', minute: '00', period: 'AM' });
    expect(clockParts(60)).toEqual({ hour: '1', minute: '00', period: 'AM' });
    expect(clockParts(725)).toEqual({ hour: '12', minute: '05', period: 'PM' });
    expect(clockParts(1439)).toEqual({ hour: '11', minute: '59', period: 'PM' });
  });
});

describe('examsOverlap', () => {
  const at = (examDate: string | null, examTime: string | null) => ({ examDate, examTime });
  it('is true only for the same date with overlapping times', () => {
    expect(examsOverlap(at('2027-03-02', '11:00 AM-2:00 PM'), at('2027-03-02', '1:00 PM-4:00 PM'))).toBe(true);
    expect(examsOverlap(at('2027-03-02', '11:00 AM-2:00 PM'), at('2027-03-02', '2:00 PM-5:00 PM'))).toBe(false);
    expect(examsOverlap(at('2027-03-02', '11:00 AM-2:00 PM'), at('2027-03-03', '11:00 AM-2:00 PM'))).toBe(false);
    expect(examsOverlap(at('2027-03-02', '9:00 AM-5:00 PM'), at('2027-03-02', '11:00 AM-12:00 PM'))).toBe(true);
    expect(examsOverlap(at(null, null), at('2027-03-02', '11:00 AM-2:00 PM'))).toBe(false);
  });
});

describe('examTimetable', () => {
  it("keeps a standard's scheduled papers, by date then start time", () => {
    const papers = [
      { code: 1, standard: '10th', examDate: '2027-03-05', examTime: '2:00 PM-5:00 PM' },
      { code: 2, standard: '10th', examDate: '2027-03-05', examTime: '10:00 AM-1:00 PM' },
      { code: 3, standard: '10th', examDate: '2027-03-01', examTime: '10:00 AM-1:00 PM' },
      { code: 4, standard: '12th', examDate: '2027-03-01', examTime: '10:00 AM-1:00 PM' },
      { code: 5, standard: '10th', examDate: null, examTime: null },
    ];
    expect(examTimetable(papers, '10th').map((paper) => paper.code)).toEqual([3, 2, 1]);
  });
});
