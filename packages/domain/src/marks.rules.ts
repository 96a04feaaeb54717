/**
 * Marks as teachers keep them (issue 21). A paper's mark is one of three things: not entered yet (no
 * value, shown '—'), absent ('AB': the student did not sit the paper), or whole marks from 0 to the
 * paper's maximum. How AB counts in a result is in results.rules.ts.
 */
export const ABSENT = 'AB';
export const NOT_ENTERED = '—';

/** A paper's entry: whole marks, or 'AB'. */
export type MarkEntry = number | typeof ABSENT;

/** Reads what a teacher typed: '' → null (nothing), 'AB'/'ab' → 'AB', digits → marks; anything else undefined. */
export function parseMarkText(text: string): MarkEntry | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (value.toUpperCase() === ABSENT) return ABSENT;
  return /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}

/** How a mark is shown: marks, 'AB', or '—' when not entered. */
export function markText(marks: number | null, absent: boolean): string {
  if (absent) return ABSENT;
  return marks === null ? NOT_ENTERED : String(marks);
}

/**
 * The limits of a marks workbook (.xlsx) upload. A centre's sheet of 2,000 students × 12 papers is about
 * 1 MB unpacked and 30,000 cells: the limits leave room for that several times over (100,000 cells take
 * about 3.5 MB), and refuse a zip bomb or a sheet of a million cells before it costs the server more
 * than a few MB. No text may run longer than Excel lets a cell hold (32,767 characters).
 */
export const WORKBOOK_LIMITS = {
  /** The upload as sent (the file part of the multipart body). */
  packedBytes: 5 * 1024 * 1024,
  /** Inflated bytes of every part read, counted as they stream. */
  unpackedBytes: 10 * 1024 * 1024,
  /** Characters between two tags: a cell's text, or anything else a parser would have to hold. */
  textRun: 32_767,
  sheets: 50,
  rows: 5_000,
  cells: 100_000,
  columns: 200,
} as const;

/** The header of a paper's column in the template and the upload: its code first, e.g. '1001 English'. */
export const paperHeader = (subjectCode: number, subjectName: string, maxMarks: number) =>
  `${subjectCode} ${subjectName} (max ${maxMarks})`;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** What the admin is asked before declaring results while marks are missing (issue 21). */
export function missingMarksQuestion({ students, papers }: { students: number; papers: number }): string {
  return (
    `${plural(papers, 'paper', 'papers')} of ${plural(students, 'student', 'students')} ${papers === 1 ? 'has' : 'have'} no marks yet (neither marks nor AB). ` +
    `Declare the results anyway? ${students === 1 ? 'That student' : 'Those students'} will see "Result pending" until the marks are entered.`
  );
}
