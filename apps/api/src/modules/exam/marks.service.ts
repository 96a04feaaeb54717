import { DomainError } from '@app/domain/errors';
import { currentExamYear, paperSetOf } from '@app/domain/exam.rules';
import type { MarksSheet, MarksUploadReport } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { isStandard, type Standard } from '@app/domain/standards.rules';
import ExcelJS from 'exceljs';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { findMark, findStudentsByIds, listCentreStudents, listPaperSet, marksOf, upsertMark } from './exam.repository';
import { isFlagOnIn } from './flags';

/** The marks screen: a centre's students of one standard, a column per paper of their set. */
export async function getMarksSheet(
  db: Db,
  { centerId, standard }: { centerId: number; standard: Standard },
): Promise<MarksSheet> {
  const examYear = currentExamYear();
  const [papers, students, resultDeclared] = await Promise.all([
    listPaperSet(db, { paperSet: paperSetOf(standard), examYear }),
    listCentreStudents(db, { centerId, examYear, standards: [standard] }),
    isFlagOnIn(db, 'RESULT'),
  ]);
  const rows = await marksOf(
    db,
    students.map((s) => s.studentId),
  );
  const byStudent = new Map<string, Record<string, number | null>>();
  for (const row of rows) {
    byStudent.set(row.studentId, { ...(byStudent.get(row.studentId) ?? {}), [row.subjectCode]: row.marks });
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

type Cell = { studentId: string; subjectCode: number; marks: number | null };

/** The papers each student may be marked in: their paper set of the current exam year. */
async function papersFor(db: Executor, standards: Iterable<string>) {
  const examYear = currentExamYear();
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

async function writeCell(tx: Tx, cell: Cell & { studentName: string }, by: Actor): Promise<void> {
  const before = await findMark(tx, cell.studentId, cell.subjectCode);
  await upsertMark(tx, { ...cell, updatedBy: by.uuid });
  await recordAudit(tx, {
    by,
    entity: 'marks',
    entityId: `${cell.studentId}/${cell.subjectCode}`,
    studentId: cell.studentId,
    entityName: cell.studentName,
    action: before ? 'update' : 'create',
    before: before ? { marks: before.marks } : null,
    after: { subjectCode: cell.subjectCode, marks: cell.marks },
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
    if (cell.marks !== null && cell.marks > paper.maxMarks) {
      throw new DomainError('BAD_REQUEST', `${messages.marksAboveMaximum} (${paper.maxMarks})`);
    }
    await writeCell(tx, { ...cell, studentName: student.studentName }, by);
  });
}

/** Reads a cell as whole marks; blank is null; anything else is undefined (not a mark). */
function readMarks(value: ExcelJS.CellValue): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
  }
  if (typeof value === 'object' && 'result' in value) return readMarks(value.result as ExcelJS.CellValue);
  return undefined;
}

const cellText = (value: ExcelJS.CellValue) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? String((value as { text?: string }).text ?? '')
      : String(value).trim();

/**
 * An Excel sheet of marks: a header row with 'Student ID' and one column per paper, headed by its
 * subject code (e.g. '101 English'); a row per student. Every problem is reported (unknown student,
 * marks above the maximum, a missing subject, a paper not in the student's set); only a clean file is
 * saved, all of it in one transaction, when `save` is asked.
 */
export async function uploadMarks(
  db: Db,
  { file, save, by }: { file: Buffer; save: boolean; by: Actor },
): Promise<MarksUploadReport> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('BAD_REQUEST', messages.marksUploadUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new DomainError('BAD_REQUEST', messages.marksUploadUnreadable);
  const header = sheet.getRow(1);
  let idColumn = 0;
  const columns = new Map<number, number>();
  header.eachCell((cell, column) => {
    const text = cellText(cell.value);
    if (/^student\s*id$/i.test(text)) idColumn = column;
    const code = /^(\d{1,6})\b/.exec(text)?.[1];
    if (code) columns.set(column, Number(code));
  });
  const issues: MarksUploadReport['issues'] = [];
  if (!idColumn) issues.push({ row: 1, studentId: '', message: "The first row must have a 'Student ID' column" });

  const entries: { row: number; studentId: string; values: Map<number, number | null | undefined> }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1 || !idColumn) return;
    const studentId = cellText(row.getCell(idColumn).value);
    if (!studentId) return;
    const values = new Map<number, number | null | undefined>();
    for (const [column, code] of columns) values.set(code, readMarks(row.getCell(column).value));
    entries.push({ row: number, studentId, values });
  });

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
    const papers = sets.get(student.standard) ?? new Map();
    for (const [code, paper] of papers) {
      const value = entry.values.get(code);
      if (!entry.values.has(code) || value === null) issue(`Missing subject: ${code} ${paper.subjectName}`);
      else if (value === undefined) issue(`${code} ${paper.subjectName}: ${messages.marksInvalid}`);
      else if (value > paper.maxMarks) {
        issue(`${code} ${paper.subjectName}: ${value} is above the maximum of ${paper.maxMarks}`);
      } else
        cells.push({ studentId: student.studentId, subjectCode: code, marks: value, studentName: student.studentName });
    }
    for (const [code, value] of entry.values) {
      if (!papers.has(code) && value !== null) issue(`Subject ${code} is not one of this student's papers`);
    }
  }

  const ok = issues.length === 0 && entries.length > 0;
  if (entries.length === 0 && idColumn) issues.push({ row: 2, studentId: '', message: 'The file has no student rows' });
  if (save && ok) {
    await db.transaction(async (tx) => {
      await checkMayChange(tx, by);
      for (const cell of cells) await writeCell(tx, cell, by);
    });
  }
  return {
    message: !ok ? messages.marksUploadHasErrors : save ? messages.marksUploadSaved : 'The file is ready to save',
    saved: save && ok,
    rows: entries.length,
    cells: cells.length,
    issues,
  };
}
