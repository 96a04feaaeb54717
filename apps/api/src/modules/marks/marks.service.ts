import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import type { MarksSheet, MarksUploadReport, MissingMarks } from '@app/domain/exam.schemas';
import { ABSENT, type MarkEntry, parseMarkText } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { isStandard, type Standard } from '@app/domain/standards.rules';
import { subjectStandards } from '@app/domain/subjects.schemas';
import type { Db, Executor, Tx } from '../../db/client';
import { readFirstSheet, type SheetCell, type SheetRow, SpreadsheetError } from '../../lib/spreadsheet/read-workbook';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { isFlagOnIn } from '../flags/flag-state';
import { listCentreStudents, listPaperSet } from '../results/results.repository';
import { currentSessionYear } from '../sessions/current-session';
import { findMark, findStudentsByIds, marksOf, missingMarksOfYear, upsertMark } from './marks.repository';
import { marksScopeOf } from './teacher-assignments.service';

/**
 * The marks screen: a centre's students of one standard, a column per paper of their set; for a teacher
 * only the papers assigned to them, at a centre assigned to them.
 */
export async function getMarksSheet(
  db: Db,
  { centerId, standard, by }: { centerId: number; standard: Standard; by: Actor },
): Promise<MarksSheet> {
  const examYear = await currentSessionYear(db);
  const scope = await marksScopeOf(db, by);
  if (scope && !scope.centres.has(centerId)) throw new DomainError('FORBIDDEN', messages.marksCentreNotAssigned);
  const [allPapers, students, resultDeclared] = await Promise.all([
    listPaperSet(db, { paperSet: paperSetOf(standard), examYear }),
    listCentreStudents(db, { centerId, examYear, standards: [standard] }),
    isFlagOnIn(db, 'RESULT'),
  ]);
  const papers = scope ? allPapers.filter((paper) => scope.papers.has(paper.subjectCode)) : allPapers;
  const rows = await marksOf(
    db,
    students.map((s) => s.studentId),
  );
  const byStudent = new Map<string, Record<string, MarkEntry>>();
  for (const row of rows) {
    const entry = row.absent ? ABSENT : row.marks;
    if (entry === null || (scope && !scope.papers.has(row.subjectCode))) continue;
    byStudent.set(row.studentId, { ...(byStudent.get(row.studentId) ?? {}), [row.subjectCode]: entry });
  }
  return {
    examYear,
    resultDeclared,
    subjects: papers.map(({ subjectCode, subjectName, maxMarks }) => ({ subjectCode, subjectName, maxMarks })),
    students: students
      .sort(
        (a, b) =>
          (a.seatNumber ?? '~').localeCompare(b.seatNumber ?? '~') || a.studentName.localeCompare(b.studentName),
      )
      .map((s) => ({
        studentId: s.studentId,
        studentName: s.studentName,
        seatNumber: s.seatNumber,
        marks: byStudent.get(s.studentId) ?? {},
      })),
  };
}

/** After results are declared only an admin may change marks (every change is in the audit trail anyway). */
async function checkMayChange(tx: Executor, by: Actor): Promise<void> {
  if (by.role !== 'admin' && (await isFlagOnIn(tx, 'RESULT', { lock: true }))) {
    throw new DomainError('FORBIDDEN', messages.marksLockedAfterResult);
  }
}

/** One paper of one student: marks or 'AB'; null clears it (not entered). */
type Cell = { studentId: string; subjectCode: number; marks: MarkEntry | null };

const stored = (entry: MarkEntry | null) =>
  entry === ABSENT ? { marks: null, absent: true } : { marks: entry, absent: false };

/** The papers each student may be marked in: their paper set of the current session's exam year. */
async function papersFor(db: Executor, standards: Iterable<string>) {
  const examYear = await currentSessionYear(db);
  const sets = new Map<string, Map<number, { subjectName: string; maxMarks: number }>>();
  for (const standard of new Set(standards)) {
    if (!isStandard(standard)) continue;
    const papers = await listPaperSet(db, { paperSet: paperSetOf(standard), examYear });
    sets.set(
      standard,
      new Map(papers.map((p) => [p.subjectCode, { subjectName: p.subjectName, maxMarks: p.maxMarks }])),
    );
  }
  return { examYear, sets };
}

/** Writes one cell with its audit entry; a cell that already holds that entry is left alone. */
async function writeCell(tx: Tx, cell: Cell & { studentName: string }, by: Actor): Promise<void> {
  const before = await findMark(tx, cell.studentId, cell.subjectCode);
  const after = stored(cell.marks);
  if (before && before.marks === after.marks && before.absent === after.absent) return;
  await upsertMark(tx, { studentId: cell.studentId, subjectCode: cell.subjectCode, ...after, updatedBy: by.uuid });
  await recordAudit(tx, {
    by,
    entity: 'marks',
    entityId: `${cell.studentId}/${cell.subjectCode}`,
    studentId: cell.studentId,
    entityName: cell.studentName,
    action: before ? 'update' : 'create',
    before: before ? { marks: before.marks, absent: before.absent } : null,
    after: { subjectCode: cell.subjectCode, ...after },
  });
}

/** Saves one cell of the marks screen. */
export async function saveMark(db: Db, { by, ...cell }: Cell & { by: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    await checkMayChange(tx, by);
    const [student] = await findStudentsByIds(tx, [cell.studentId]);
    if (!student) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    const { examYear, sets } = await papersFor(tx, [student.standard]);
    if (student.examYear !== examYear) throw new DomainError('CONFLICT', messages.resultNotThisExamYear);
    const paper = sets.get(student.standard)?.get(cell.subjectCode);
    if (!paper) throw new DomainError('BAD_REQUEST', messages.marksSubjectNotInSet);
    const scope = await marksScopeOf(tx, by);
    if (scope && !scope.centres.has(student.examCentreId)) {
      throw new DomainError('FORBIDDEN', messages.marksCentreNotAssigned);
    }
    if (scope && !scope.papers.has(cell.subjectCode))
      throw new DomainError('FORBIDDEN', messages.marksPaperNotAssigned);
    if (typeof cell.marks === 'number' && cell.marks > paper.maxMarks) {
      throw new DomainError('BAD_REQUEST', `${messages.marksAboveMaximum} (${paper.maxMarks})`);
    }
    await writeCell(tx, { ...cell, studentName: student.studentName }, by);
  });
}

/** A cell's text: a Student ID or a header, typed as text or as a number. */
export function cellText(cell: SheetCell | undefined): string {
  if (cell?.type === 'text') return cell.value.trim();
  if (cell?.type === 'number') return String(cell.value);
  return '';
}

/** A mark cell as the upload reads it: an entry, a formula, or anything else (not a mark). */
function readEntry(cell: SheetCell): MarkEntry | 'formula' | 'invalid' {
  if (cell.type === 'formula') return 'formula';
  if (cell.type === 'number') return Number.isInteger(cell.value) && cell.value >= 0 ? cell.value : 'invalid';
  if (cell.type === 'text') return parseMarkText(cell.value) ?? 'invalid';
  return 'invalid';
}

export async function readSheet(file: Buffer): Promise<SheetRow[]> {
  try {
    return await readFirstSheet(file);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new DomainError('BAD_REQUEST', error.message);
    throw error;
  }
}

/**
 * An Excel sheet of marks, as the template (marks-template.ts) is made: a header row with 'Student ID'
 * and one column per paper headed by its subject code (e.g. '1001 English (max 100)'), a row per student.
 * Any subset of students and papers may be sent: only the cells present are saved (marks or AB), an empty
 * cell changes nothing. Every problem is reported (unknown student, marks above the maximum, a formula, a
 * paper not in the student's set); only a clean file is saved, all of it in one transaction, when `save`
 * is asked.
 */
export async function uploadMarks(
  db: Db,
  { file, save, by }: { file: Buffer; save: boolean; by: Actor },
): Promise<MarksUploadReport> {
  const rows = await readSheet(file);
  const issues: MarksUploadReport['issues'] = [];
  let idColumn = 0;
  const columns = new Map<number, number>();
  for (const [column, cell] of rows.find((row) => row.row === 1)?.cells ?? []) {
    const text = cellText(cell);
    if (/^student\s*id$/i.test(text)) idColumn = column;
    const code = /^(\d{1,6})\b/.exec(text)?.[1];
    if (!code) continue;
    if ([...columns.values()].includes(Number(code))) {
      issues.push({ row: 1, studentId: '', message: `Subject ${code} has two columns` });
    }
    columns.set(column, Number(code));
  }
  if (!idColumn) issues.push({ row: 1, studentId: '', message: "The first row must have a 'Student ID' column" });
  else if (columns.size === 0) issues.push({ row: 1, studentId: '', message: messages.marksUploadNoPapers });

  const entries: { row: number; studentId: string; values: Map<number, MarkEntry | 'formula' | 'invalid'> }[] = [];
  for (const row of rows) {
    if (row.row === 1 || !idColumn) continue;
    const values = new Map<number, MarkEntry | 'formula' | 'invalid'>();
    for (const [column, code] of columns) {
      const cell = row.cells.get(column);
      if (cell) values.set(code, readEntry(cell));
    }
    const studentId = cellText(row.cells.get(idColumn));
    if (studentId) entries.push({ row: row.row, studentId, values });
    else if (values.size > 0) issues.push({ row: row.row, studentId: '', message: 'Marks without a Student ID' });
  }

  const students = new Map(
    (
      await findStudentsByIds(
        db,
        entries.map((e) => e.studentId),
      )
    ).map((s) => [s.studentId, s]),
  );
  const { examYear, sets } = await papersFor(
    db,
    [...students.values()].map((s) => s.standard),
  );
  const scope = await marksScopeOf(db, by);
  const cells: (Cell & { studentName: string })[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const issue = (message: string) => issues.push({ row: entry.row, studentId: entry.studentId, message });
    const student = students.get(entry.studentId);
    if (!student) {
      issue('Unknown student');
      continue;
    }
    if (seen.has(entry.studentId)) {
      issue('This student appears twice in the file');
      continue;
    }
    seen.add(entry.studentId);
    if (student.examYear !== examYear) {
      issue(`Not a student of the ${examYear} exam`);
      continue;
    }
    if (scope && !scope.centres.has(student.examCentreId)) {
      issue(messages.marksCentreNotAssigned);
      continue;
    }
    const papers = sets.get(student.standard) ?? new Map();
    for (const [code, value] of entry.values) {
      const paper = papers.get(code);
      if (!paper) issue(`Subject ${code} is not one of this student's papers`);
      else if (scope && !scope.papers.has(code))
        issue(`${code} ${paper.subjectName}: ${messages.marksPaperNotAssigned}`);
      else if (value === 'formula') issue(`${code} ${paper.subjectName} ${messages.marksFormula}`);
      else if (value === 'invalid') issue(`${code} ${paper.subjectName}: ${messages.marksInvalid} or AB`);
      else if (value !== ABSENT && value > paper.maxMarks) {
        issue(`${code} ${paper.subjectName}: ${value} is above the maximum of ${paper.maxMarks}`);
      } else
        cells.push({ studentId: student.studentId, subjectCode: code, marks: value, studentName: student.studentName });
    }
  }

  if (entries.length === 0 && idColumn) issues.push({ row: 2, studentId: '', message: 'The file has no student rows' });
  else if (issues.length === 0 && cells.length === 0) {
    issues.push({ row: 2, studentId: '', message: messages.marksUploadNothing });
  }
  const ok = issues.length === 0;
  if (save && ok) {
    await db.transaction(async (tx) => {
      await checkMayChange(tx, by);
      for (const cell of cells) await writeCell(tx, cell, by);
    });
  }
  return {
    message: !ok ? messages.marksUploadHasErrors : save ? messages.marksUploadSaved : messages.marksUploadReady,
    saved: save && ok,
    rows: entries.length,
    cells: cells.length,
    issues,
  };
}

/** Before results are declared: how many papers of how many students of the current session are not entered. */
export async function missingMarks(db: Db): Promise<MissingMarks> {
  const examYear = await currentSessionYear(db);
  let students = 0;
  let papers = 0;
  for (const paperSet of subjectStandards) {
    const missing = await missingMarksOfYear(db, { examYear, paperSet, standards: standardsWriting(paperSet) });
    students += missing.students;
    papers += missing.papers;
  }
  return { students, papers };
}
