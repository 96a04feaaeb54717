import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { examsOverlap, examTimetable, parseExamTime } from '@app/domain/subjects.rules';
import type { Subject, SubjectStandard } from '@app/domain/subjects.schemas';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SubjectRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { currentSessionYear, isReleasedFor } from '../sessions/current-session';
import {
  deleteSubject,
  findSubject,
  insertSubject,
  listSubjectRows,
  lockStandardTimetable,
  setExamTime,
  subjectsOnDate,
} from './subjects.repository';

const toSubject = (row: SubjectRow): Subject => ({
  subjectCode: row.subjectCode,
  subjectName: row.subjectName,
  language: row.language,
  standard: row.standard,
  examDate: row.examDate,
  examTime: row.examTime,
  examYear: row.examYear,
  maxMarks: row.maxMarks,
});

export async function listSubjects(db: Db): Promise<Subject[]> {
  return (await listSubjectRows(db)).map(toSubject);
}

/** A paper set's papers of the current session (or of an exam year) in the order they are written: what the hall ticket prints. */
export async function getTimetable(
  db: Db,
  { standard, examYear }: { standard: SubjectStandard; examYear?: number },
): Promise<Subject[]> {
  return examTimetable(await listSubjects(db), standard, examYear ?? (await currentSessionYear(db)));
}

export async function addSubject(
  db: Db,
  {
    by,
    ...input
  }: {
    subjectCode: number;
    subjectName: string;
    language: string;
    standard: SubjectStandard;
    maxMarks?: number | undefined;
    examYear?: number | undefined;
    by: Actor;
  },
): Promise<Subject> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insertSubject(tx, {
        ...input,
        maxMarks: input.maxMarks ?? 100,
        examYear: input.examYear ?? (await currentSessionYear(tx)),
      });
      await recordAudit(tx, { by, entity: 'subject', entityId: row.subjectCode, action: 'create', after: row });
      return toSubject(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.subjectExists);
    throw error;
  }
}

export async function removeSubject(db: Db, { subjectCode, by }: { subjectCode: number; by: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findSubject(tx, subjectCode);
    // A released hall ticket prints its papers: the timetable under it stays (released means released).
    if (before && (await isReleasedFor(tx, { examYear: before.examYear, flag: 'HALLTICKET', lock: true }))) {
      throw new DomainError('CONFLICT', messages.paperOfReleasedSession);
    }
    if (!before || !(await deleteSubject(tx, subjectCode))) {
      throw new DomainError('NOT_FOUND', messages.subjectNotFound);
    }
    await recordAudit(tx, { by, entity: 'subject', entityId: subjectCode, action: 'delete', before });
  });
}

/**
 * Sets a paper's date and time. A student writes every paper of their standard, so two papers of
 * one standard may not overlap on a date.
 */
export async function scheduleSubject(
  db: Db,
  { subjectCode, examDate, examTime, by }: { subjectCode: number; examDate: string; examTime: string; by: Actor },
): Promise<Subject> {
  const time = parseExamTime(examTime);
  if (!time) throw new DomainError('BAD_REQUEST', messages.examTimeFormat);
  return db.transaction(async (tx) => {
    const subject = await findSubject(tx, subjectCode);
    if (!subject) throw new DomainError('NOT_FOUND', messages.subjectNotFound);
    await lockStandardTimetable(tx, subject.standard);
    // Read again under the lock: another admin may have just moved this paper.
    const before = (await findSubject(tx, subjectCode)) ?? subject;
    const sameDay = await subjectsOnDate(tx, { standard: subject.standard, examDate, except: subjectCode });
    const clash = sameDay.find((other) => examsOverlap(other, { examDate, examTime }));
    if (clash) {
      throw new DomainError(
        'CONFLICT',
        `This time overlaps ${clash.subjectName} (${clash.subjectCode}) on the same date, ${clash.examTime}: a ${subject.standard} student writes both papers`,
      );
    }
    const row = await setExamTime(tx, subjectCode, {
      examDate,
      examTime,
      startMinute: time.start,
      endMinute: time.end,
    });
    if (!row) throw new DomainError('NOT_FOUND', messages.subjectNotFound);
    await recordAudit(tx, { by, entity: 'subject', entityId: subjectCode, action: 'update', before, after: row });
    return toSubject(row);
  });
}
