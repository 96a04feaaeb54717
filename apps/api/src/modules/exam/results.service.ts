import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import type { ResultResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { competitionRanks, formatPercent, studentResult } from '@app/domain/results.rules';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { listPaperSet, marksOf, totalsOfYear } from './exam.repository';
import { type LookupInput, lookUpStudent } from './lookup.service';

/**
 * Ranks of one exam year and paper set, computed from every student's total and kept for a minute (or
 * until marks change on this instance): on result day thousands of lookups read the same ranks.
 */
const RANKS_TTL_MS = 60_000;
type Ranks = { centre: Map<string, number>; overall: Map<string, number>; at: number };
const rankCache = new Map<string, Ranks>();

export function forgetRanks(): void {
  rankCache.clear();
}

async function ranksOf(db: Executor, examYear: number, paperSet: '10th' | '12th', papers: number): Promise<Ranks> {
  const key = `${examYear}:${paperSet}`;
  const cached = rankCache.get(key);
  if (cached && Date.now() - cached.at < RANKS_TTL_MS) return cached;
  const totals = (await totalsOfYear(db, { examYear, paperSet, standards: standardsWriting(paperSet) })).filter(
    (row) => papers > 0 && row.marked === papers,
  );
  const overall = competitionRanks(totals.map((row) => ({ key: row.studentId, score: row.total })));
  const centre = new Map<string, number>();
  const byCentre = new Map<number, typeof totals>();
  for (const row of totals) byCentre.set(row.centre, [...(byCentre.get(row.centre) ?? []), row]);
  for (const rows of byCentre.values()) {
    for (const [id, rank] of competitionRanks(rows.map((row) => ({ key: row.studentId, score: row.total })))) {
      centre.set(id, rank);
    }
  }
  const ranks = { centre, overall, at: Date.now() };
  rankCache.set(key, ranks);
  return ranks;
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
  const ranks = result.result === 'PENDING' ? null : await ranksOf(db, student.examYear, paperSet, papers.length);
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
    centreRank: ranks?.centre.get(student.studentId) ?? null,
    overallRank: ranks?.overall.get(student.studentId) ?? null,
  };
}
