import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import { type ResultResponse, resultResponse, type VerifiedResult } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { formatPercent, studentResult } from '@app/domain/results.rules';
import { isStandard } from '@app/domain/standards.rules';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isFlagOnIn } from '../flags/flag-state';
import {
  type LookupDeps,
  type LookupInput,
  type LookupStudentWithMarks,
  lookUpStudent,
  lookupPaperSet,
} from './lookup.service';
import { renderMarksheet } from './marksheet.pdf';
import { type LookupStudent, ranksOfYear, type StudentMark } from './results.repository';

/** What computing a result reads: the database through the lookup cache. */
export type ResultDeps = Pick<Deps, 'db' | 'lookupCache'>;

/** GET /result/marksheet: the statement of marks, with the student's photo and a QR code to the verification page. */
export async function marksheetPdf(
  deps: LookupDeps & Pick<Deps, 'files' | 'ticketSigner'>,
  input: LookupInput & { origin: string },
): Promise<Buffer> {
  const student = await lookUpStudent(deps, { ...input, flag: 'RESULT' });
  const result = await resultOf(deps, student);
  const { studentId, seatNumber } = student;
  return renderMarksheet({
    result,
    photo: await deps.files.get(student.studentPhoto),
    verifyUrl: seatNumber ? `${input.origin}/verify/${deps.ticketSigner.sign({ studentId, seatNumber })}` : undefined,
  });
}

/**
 * What the verification page confirms of a genuine code's result: once results are declared, the
 * result, total, percentage and grade (results.rules); nothing before, or for a student without papers.
 */
export async function verifiedResult(
  deps: ResultDeps,
  student: LookupStudent & { marks: StudentMark[] },
): Promise<VerifiedResult | undefined> {
  const { standard } = student;
  if (!isStandard(standard)) return undefined;
  if (!(await deps.lookupCache.get('flag:RESULT', () => isFlagOnIn(deps.db, 'RESULT')))) return undefined;
  const papers = await lookupPaperSet(deps, { paperSet: paperSetOf(standard), examYear: student.examYear });
  if (papers.length === 0) return undefined;
  const { result, totalObtained, totalMaximum, percentage, grade } = await resultOf(deps, { ...student, standard });
  return { result, totalObtained, totalMaximum, percentage, grade };
}

/**
 * GET /result/fetch: the student's marks, totals, grade, result and ranks once results are declared, as
 * JSON encoded by its response schema once per student until the lookups change (the
 * key lives in the lookup cache): a family looking again costs the checks of the lookup, not another pass
 * of the result's computation and of the schema.
 */
export async function fetchResultJson(deps: LookupDeps, input: LookupInput): Promise<string> {
  const student = await lookUpStudent(deps, { ...input, flag: 'RESULT' });
  return deps.lookupCache.get(`result:${student.studentId}`, () => encodeResult(deps, student));
}

/** A student's result as /result/fetch sends it (also what the results warm-up puts in the cache). */
export async function encodeResult(deps: ResultDeps, student: LookupStudentWithMarks): Promise<string> {
  return JSON.stringify(z.encode(resultResponse, await resultOf(deps, student)));
}

async function resultOf(deps: ResultDeps, student: LookupStudentWithMarks): Promise<ResultResponse> {
  const paperSet = paperSetOf(student.standard);
  const { examYear, studentId } = student;
  const db = deps.db;
  const papers = await lookupPaperSet(deps, { paperSet, examYear });
  if (papers.length === 0) throw new DomainError('CONFLICT', messages.resultNotDeclared);
  const obtained = new Map(student.marks.map((row) => [row.subjectCode, row]));
  const result = studentResult(
    papers.map((paper) => ({
      subjectCode: paper.subjectCode,
      subjectName: paper.subjectName,
      maxMarks: paper.maxMarks,
      marks: obtained.get(paper.subjectCode)?.marks ?? null,
      absent: obtained.get(paper.subjectCode)?.absent ?? false,
    })),
  );
  const ranks =
    result.totalObtained === null
      ? undefined
      : (
          await deps.lookupCache.get(`ranks:${examYear}:${paperSet}`, () =>
            ranksOfYear(db, { examYear, standards: standardsWriting(paperSet), paperSet, papers: papers.length }),
          )
        ).get(studentId);
  return {
    studentName: student.studentName,
    studentId: student.studentId,
    motherName: student.motherName,
    class: student.standard,
    standard: student.standard,
    branch: student.branch,
    seatNumber: student.seatNumber,
    examYear: student.examYear,
    centre: `${student.centerName}, ${student.collegeName}`,
    subjects: result.subjects,
    totalObtained: result.totalObtained,
    totalMaximum: result.totalMaximum,
    percentage: formatPercent(result.percentageBp),
    grade: result.grade,
    result: result.result,
    centreRank: ranks?.centreRank ?? null,
    overallRank: ranks?.overallRank ?? null,
  };
}
