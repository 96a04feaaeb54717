import { DomainError } from '@app/domain/errors';
import { currentExamYear, namesMatch } from '@app/domain/exam.rules';
import type { FlagName } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { isStandard, type Standard } from '@app/domain/standards.rules';
import type { FastifyInstance } from 'fastify';
import { findLookupStudent, type LookupStudent, listPaperSet, type StudentMark } from './exam.repository';
import { isFlagOnIn } from './flags';

/**
 * Public lookups (hall ticket, result) answer who knows a student's ID, name and mother's name. Wrong
 * answers from one address are counted: past LOOKUP_MAX_FAILURES in the window it gets 429, so nobody
 * can walk through student IDs. Right answers are not counted (a family may print a ticket many times).
 */
export const LOOKUP_MAX_FAILURES = 10;
export const LOOKUP_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type LookupInput = { studentName: string; studentId: string; motherName: string; ip: string };

/** A student who passed the lookup's checks, with their marks. */
export type LookupStudentWithMarks = LookupStudent & { standard: Standard; marks: StudentMark[] };

export async function lookUpStudent(
  app: FastifyInstance,
  { studentName, studentId, motherName, ip, flag }: LookupInput & { flag: FlagName },
): Promise<LookupStudentWithMarks> {
  const key = `lookup:${ip}`;
  if ((await app.attempts.count(key)) >= LOOKUP_MAX_FAILURES) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLookups, {
      retryAfterSeconds: Math.ceil(LOOKUP_FAILURE_WINDOW_MS / 1000),
    });
  }
  const db = app.db.db;
  if (!(await app.lookupCache.get(`flag:${flag}`, () => isFlagOnIn(db, flag)))) {
    throw new DomainError(
      'CONFLICT',
      flag === 'HALLTICKET' ? messages.hallTicketsNotReleased : messages.resultNotDeclared,
    );
  }
  const student = await app.lookupCache.get(`student:${studentId}`, () => findLookupStudent(db, studentId));
  const fail = async (status: 403 | 404, message: string): Promise<never> => {
    await app.attempts.hit(key, LOOKUP_FAILURE_WINDOW_MS);
    throw new DomainError(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', message);
  };
  // SPEC §8: an unknown student is 403 'Student not found !!'; a wrong name is the same answer, so a
  // student ID alone tells nothing.
  if (!student || !namesMatch(student.studentName, studentName) || !isStandard(student.standard)) {
    return fail(403, messages.lookupStudentNotFound);
  }
  if (!namesMatch(student.motherName, motherName)) return fail(404, messages.lookupMotherMismatch);
  if (student.examYear !== currentExamYear()) {
    throw new DomainError(
      'CONFLICT',
      flag === 'HALLTICKET' ? messages.notThisExamYear : messages.resultNotThisExamYear,
    );
  }
  return { ...student, standard: student.standard };
}

/** A paper set's timetable of an exam year, through the lookup cache. Shared: never change it. */
export function lookupPaperSet(app: FastifyInstance, key: { paperSet: '10th' | '12th'; examYear: number }) {
  return app.lookupCache.get(`papers:${key.paperSet}:${key.examYear}`, () => listPaperSet(app.db.db, key));
}
