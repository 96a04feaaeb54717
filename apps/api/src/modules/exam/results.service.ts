import { DomainError } from '@app/domain/errors';
import { paperSetOf, standardsWriting } from '@app/domain/exam.rules';
import { type ResultResponse, resultResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { formatPercent, studentResult } from '@app/domain/results.rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ranksOfYear } from './exam.repository';
import { type LookupInput, type LookupStudentWithMarks, lookUpStudent, lookupPaperSet } from './lookup.service';

/** GET /result/fetch: the student's marks, totals, grade, result and ranks once results are declared. */
export async function fetchResult(app: FastifyInstance, input: LookupInput): Promise<ResultResponse> {
  return resultOf(app, await lookUpStudent(app, { ...input, flag: 'RESULT' }));
}

/**
 * The same answer as JSON, encoded by its response schema once per student until the lookups change (the
 * key lives in the lookup cache): a family looking again costs the checks of the lookup, not another pass
 * of the result's computation and of the schema.
 */
export async function fetchResultJson(app: FastifyInstance, input: LookupInput): Promise<string> {
  const student = await lookUpStudent(app, { ...input, flag: 'RESULT' });
  return app.lookupCache.get(`result:${student.studentId}`, async () =>
    JSON.stringify(z.encode(resultResponse, await resultOf(app, student))),
  );
}

async function resultOf(app: FastifyInstance, student: LookupStudentWithMarks): Promise<ResultResponse> {
  const paperSet = paperSetOf(student.standard);
  const { examYear, studentId } = student;
  const db = app.db.db;
  const papers = await lookupPaperSet(app, { paperSet, examYear });
  if (papers.length === 0) throw new DomainError('CONFLICT', messages.resultNotDeclared);
  const obtained = new Map(student.marks.map((row) => [row.subjectCode, row.marks]));
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
          await app.lookupCache.get(`ranks:${examYear}:${paperSet}`, () =>
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
