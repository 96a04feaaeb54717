import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import type { ResultResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { formatPercent, studentResult } from '@app/domain/results.rules';
import type { FastifyInstance } from 'fastify';
import { listPaperSet, marksOf, ranksOfStudent } from './exam.repository';
import { type LookupInput, lookUpStudent } from './lookup.service';

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
      ? null
      : await ranksOfStudent(db, {
          studentId: student.studentId,
          examYear: student.examYear,
          standards: standardsWriting(paperSet),
          paperSet,
          papers: papers.length,
        });
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
