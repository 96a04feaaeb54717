import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import type { ResultResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { formatPercent, studentResult } from '@app/domain/results.rules';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { listPaperSet, marksOf, ranksOfYear, ranksVersion } from './exam.repository';
import { type LookupInput, lookUpStudent } from './lookup.service';

/**
 * Ranks of an exam year's paper set, kept in memory with the ranks version they were computed at. Every
 * lookup reads the version from the database (one indexed row) and recomputes when it moved, so a mark
 * saved through any API instance counts on the next lookup everywhere: the memory is only an
 * optimisation, never what a second instance would need to be correct. The version is read before the
 * ranks, so a change committed in between only makes the next lookup recompute.
 */
type Ranks = { version: number; byStudent: Map<string, { centreRank: number; overallRank: number }> };
const rankCache = new Map<string, Ranks>();

async function ranksOf(
  db: Executor,
  { examYear, paperSet, papers }: { examYear: number; paperSet: '10th' | '12th'; papers: readonly number[] },
): Promise<Ranks['byStudent']> {
  const key = `${examYear}:${paperSet}:${papers.join(',')}`;
  const version = await ranksVersion(db);
  const cached = rankCache.get(key);
  if (cached?.version === version) return cached.byStudent;
  const byStudent = await ranksOfYear(db, {
    examYear,
    standards: standardsWriting(paperSet),
    paperSet,
    papers: papers.length,
  });
  if (rankCache.size >= 16) rankCache.clear();
  rankCache.set(key, { version, byStudent });
  return byStudent;
}

/** GET /result/fetch: the student's marks, totals, grade, result and ranks once results are declared. */
export async function fetchResult(app: FastifyInstance, input: LookupInput): Promise<ResultResponse> {
  const student = await lookUpStudent(app, { ...input, flag: 'RESULT' });
  const paperSet = paperSetOf(student.standard);
  const db = app.db.db;
  const [papers, rows] = await Promise.all([
    listPaperSet(db, { paperSet, examYear: student.examYear }),
    marksOf(db, [student.studentId]),
  ]);
  if (papers.length === 0) throw new DomainError('CONFLICT', messages.resultNotDeclared);
  const obtained = new Map(rows.map((row) => [row.subjectCode, row.marks]));
  const result = studentResult(
    papers.map((paper) => ({
      subjectCode: paper.subjectCode,
      subjectName: paper.subjectName,
      maxMarks: paper.maxMarks,
      marks: obtained.get(paper.subjectCode) ?? null,
    })),
  );
  const ranks =
    result.result === 'PENDING'
      ? undefined
      : (
          await ranksOf(db, {
            examYear: student.examYear,
            paperSet,
            papers: papers.map((paper) => paper.subjectCode),
          })
        ).get(student.studentId);
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
