/**
 * Exam times are written 'H:MM AM-H:MM PM' (SPEC §3, §5): hours 1–12, minutes 00–59.
 * Answers the start and end as minutes after midnight, or null when the text is not of that form.
 */
export function parseExamTime(text: string): { start: number; end: number } | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)-(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text.trim());
  if (!match) return null;
  const start = toMinutes(match[1], match[2], match[3]);
  const end = toMinutes(match[4], match[5], match[6]);
  return start === null || end === null ? null : { start, end };
}

function toMinutes(hour?: string, minute?: string, period?: string): number | null {
  const h = Number(hour);
  const m = Number(minute);
  if (!Number.isInteger(h) || h < 1 || h > 12 || !Number.isInteger(m) || m < 0 || m > 59) return null;
  return ((h % 12) + (period === 'PM' ? 12 : 0)) * 60 + m;
}

/** A time of day (minutes after midnight) as the exam-time form's hour, minute and period. */
export function clockParts(minutes: number): { hour: string; minute: string; period: 'AM' | 'PM' } {
  const h24 = Math.floor(minutes / 60);
  return {
    hour: String(h24 % 12 === 0 ? 12 : h24 % 12),
    minute: String(minutes % 60).padStart(2, '0'),
    period: h24 >= 12 ? 'PM' : 'AM',
  };
}

/** Two papers clash when they are on the same date and their times overlap (touching ends do not). */
export function examsOverlap(
  a: { examDate: string | null; examTime: string | null },
  b: { examDate: string | null; examTime: string | null },
): boolean {
  if (!a.examDate || !b.examDate || a.examDate !== b.examDate || !a.examTime || !b.examTime) return false;
  const first = parseExamTime(a.examTime);
  const second = parseExamTime(b.examTime);
  if (!first || !second) return false;
  return first.start < second.end && second.start < first.end;
}

type Scheduled = { standard: string; examDate: string | null; examTime: string | null; examYear?: number };

/**
 * A standard's exam timetable: its subjects that have a date, ordered by date then start time.
 * The hall ticket prints this.
 */
export function examTimetable<T extends Scheduled>(subjects: readonly T[], standard: string, examYear?: number): T[] {
  const start = (subject: T) => (subject.examTime ? (parseExamTime(subject.examTime)?.start ?? 0) : 0);
  return subjects
    .filter(
      (subject) =>
        subject.standard === standard && subject.examDate && (examYear === undefined || subject.examYear === examYear),
    )
    .sort((a, b) => (a.examDate as string).localeCompare(b.examDate as string) || start(a) - start(b));
}
