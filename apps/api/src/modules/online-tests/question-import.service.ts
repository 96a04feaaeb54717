import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import {
  type QuestionImportReport,
  type QuestionInput,
  questionRequest,
  questionSheetColumns,
} from '@app/domain/online-tests.schemas';
import type { Db } from '../../db/client';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';
import type { Actor } from '../../plugins/auth';
import { cellText, readSheet } from '../marks/marks.service';
import { subjectExists } from './online-tests.repository';
import { importQuestions, listChapters } from './online-tests.service';

const LETTERS = 'ABCDEF';

/** GET /api/exam/questions/template: the import's columns, with one example row of each type. */
export async function questionTemplate(
  db: Db,
  { subjectCode, by }: { subjectCode: number; by: Actor },
): Promise<Buffer> {
  const chapter = (await listChapters(db, { subjectCode, by }))[0]?.name ?? 'Chapter 1';
  const example = (values: Partial<Record<(typeof questionSheetColumns)[number], string | number>>) =>
    questionSheetColumns.map((column) => values[column] ?? null);
  return workbookBuffer(
    {
      name: 'Questions',
      columns: questionSheetColumns.map((header) => ({ header, width: Math.max(12, header.length + 4) })),
      boldHeader: true,
      frozen: { columns: 0, rows: 1 },
    },
    [
      example({
        Chapter: chapter,
        Type: 'single',
        'Question (English)': '2 + 2 = ?',
        'Option A': '3',
        'Option B': '4',
        Answer: 'B',
        Marks: 1,
        'Negative Marks': 0.25,
        Difficulty: 'easy',
      }),
      example({
        Chapter: chapter,
        Type: 'multiple',
        'Question (English)': 'Which are even?',
        'Option A': '2',
        'Option B': '3',
        'Option C': '4',
        Answer: 'A,C',
        Marks: 2,
        Difficulty: 'medium',
      }),
      example({
        Chapter: chapter,
        Type: 'numeric',
        'Question (English)': 'π to two decimals',
        Answer: 3.14,
        Tolerance: 0.01,
        Marks: 1,
        Difficulty: 'hard',
      }),
      example({
        Chapter: chapter,
        Type: 'truefalse',
        'Question (Marathi)': 'शून्य ही सम संख्या आहे.',
        Answer: 'True',
        Marks: 1,
        Difficulty: 'easy',
        'Explanation (English)': '0 = 2 × 0',
      }),
    ],
  );
}

/** The answer column read for the row's type: letters for options, a number, True/False. */
function keyOf(type: string, answer: string, tolerance: string): unknown {
  if (type === 'single' || type === 'multiple') {
    const letters = answer
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
    if (letters.some((letter) => letter.length !== 1 || !LETTERS.includes(letter))) return { choices: [] };
    return { choices: letters.map((letter) => LETTERS.indexOf(letter)) };
  }
  if (type === 'numeric')
    return { value: answer === '' ? Number.NaN : Number(answer), tolerance: tolerance === '' ? 0 : Number(tolerance) };
  if (/^(true|t|yes|सत्य|बरोबर)$/i.test(answer)) return { truth: true };
  if (/^(false|f|no|असत्य|चूक)$/i.test(answer)) return { truth: false };
  return {};
}

/**
 * POST /api/exam/questions/upload: reads the sheet (the same streaming reader, limits and formula rules
 * as the marks upload), checks every row with the one question schema, and reports each row's problems.
 * Only a clean file is saved, all of it in one transaction (chapters it names that do not exist yet
 * are added), and only when `save` is asked.
 */
export async function uploadQuestions(
  db: Db,
  { file, subjectCode, save, by }: { file: Buffer; subjectCode: number; save: boolean; by: Actor },
): Promise<QuestionImportReport> {
  if (!(await subjectExists(db, subjectCode))) throw new DomainError('NOT_FOUND', messages.subjectNotFound);
  // Teachers only for their own papers (listChapters/importQuestions check the scope again).
  const chapters = new Map((await listChapters(db, { subjectCode, by })).map((c) => [c.name.toLowerCase(), c.id]));
  const rows = await readSheet(file);
  const header = rows.find((row) => row.row === 1);
  const columnOf = new Map<string, number>();
  for (const [column, cell] of header?.cells ?? []) columnOf.set(cellText(cell).toLowerCase(), column);
  const issues: QuestionImportReport['issues'] = [];
  const missing = questionSheetColumns.filter((name) => !columnOf.has(name.toLowerCase()));
  if (missing.length > 0) issues.push({ row: 1, message: `Columns missing: ${missing.join(', ')}` });

  const parsed: { chapter: string; input: QuestionInput }[] = [];
  for (const row of rows) {
    if (row.row === 1 || missing.length > 0) continue;
    const formula = [...row.cells.values()].some((cell) => cell.type === 'formula');
    const get = (name: (typeof questionSheetColumns)[number]) =>
      cellText(row.cells.get(columnOf.get(name.toLowerCase()) ?? -1));
    if (questionSheetColumns.every((name) => get(name) === '')) continue;
    if (formula) {
      issues.push({ row: row.row, message: 'A cell holds a formula: type the value' });
      continue;
    }
    const chapter = get('Chapter');
    if (!chapter) {
      issues.push({ row: row.row, message: messages.chapterNameRequired });
      continue;
    }
    const type = get('Type')
      .toLowerCase()
      .replace(/[\s/-]/g, '');
    const options = ['Option A', 'Option B', 'Option C', 'Option D', 'Option E', 'Option F']
      .map((name) => get(name as (typeof questionSheetColumns)[number]))
      .filter((text, i, all) => text !== '' || all.slice(i).some((later) => later !== ''))
      .map((en) => ({ en }));
    const number = (text: string) => (text === '' ? undefined : Number(text));
    const result = questionRequest.safeParse({
      chapterId: chapters.get(chapter.toLowerCase()) ?? 1,
      type,
      textEn: get('Question (English)') || null,
      textMr: get('Question (Marathi)') || null,
      options,
      key: keyOf(type, get('Answer'), get('Tolerance')),
      marks: number(get('Marks')),
      negativeMarks: number(get('Negative Marks')),
      difficulty: get('Difficulty').toLowerCase(),
      explanationEn: get('Explanation (English)') || null,
      explanationMr: get('Explanation (Marathi)') || null,
    });
    if (!result.success) {
      for (const message of new Set(result.error.issues.map((issue) => issue.message)))
        issues.push({ row: row.row, message });
      continue;
    }
    parsed.push({ chapter, input: result.data });
  }
  if (parsed.length === 0 && issues.length === 0) issues.push({ row: 1, message: 'The sheet has no questions' });
  const newChapters = [...new Set(parsed.map((p) => p.chapter).filter((name) => !chapters.has(name.toLowerCase())))];
  const report = { rows: parsed.length, newChapters, issues };
  if (!save || issues.length > 0)
    return {
      ...report,
      saved: false,
      message: issues.length ? 'Fix these rows; nothing was saved' : 'Ready to import',
    };

  await importQuestions(db, { subjectCode, rows: parsed, by });
  return { ...report, saved: true, message: messages.questionsImported };
}
