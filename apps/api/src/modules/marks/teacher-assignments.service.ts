import { DomainError } from '@app/domain/errors';
import type { MyAssignment, TeacherAssignment } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { findUserByUuid } from '../users/users.repository';
import { existingCentresAndPapers, findTeacherAssignment, saveTeacherAssignment } from './marks.repository';

/**
 * Which marks a user may see and enter (issue 21): an admin everything (null); a teacher the papers an
 * admin assigned them at the centres assigned them, nothing before an admin has.
 */
export type MarksScope = { centres: ReadonlySet<number>; papers: ReadonlySet<number> } | null;

export async function marksScopeOf(db: Executor, by: Actor): Promise<MarksScope> {
  if (by.role === 'admin') return null;
  const row = await findTeacherAssignment(db, by.uuid);
  return { centres: new Set(row?.centres ?? []), papers: new Set(row?.papers ?? []) };
}

/** GET /api/exam/assignment: the signed-in user's own. */
export async function myAssignment(db: Db, by: Actor): Promise<MyAssignment> {
  const scope = await marksScopeOf(db, by);
  return scope
    ? { all: false, centres: [...scope.centres], papers: [...scope.papers] }
    : { all: true, centres: [], papers: [] };
}

async function teacherOf(db: Executor, uuid: string) {
  const user = await findUserByUuid(db, uuid);
  if (!user) throw new DomainError('NOT_FOUND', messages.userNotFound);
  if (user.role !== 'teacher') throw new DomainError('BAD_REQUEST', messages.assignmentNotTeacher);
  return user;
}

/** GET /api/admin/teachers/:uuid/assignment. */
export async function teacherAssignmentOf(db: Db, uuid: string): Promise<TeacherAssignment> {
  await teacherOf(db, uuid);
  const row = await findTeacherAssignment(db, uuid);
  return { centres: row?.centres ?? [], papers: row?.papers ?? [] };
}

/** PUT /api/admin/teachers/:uuid/assignment: replaces the teacher's centres and papers; audited. */
export async function assignTeacher(
  db: Db,
  { uuid, assignment, by }: { uuid: string; assignment: TeacherAssignment; by: Actor },
): Promise<TeacherAssignment> {
  const centres = [...new Set(assignment.centres)].sort((a, b) => a - b);
  const papers = [...new Set(assignment.papers)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const teacher = await teacherOf(tx, uuid);
    const found = await existingCentresAndPapers(tx, centres, papers);
    if (centres.some((id) => !found.centres.has(id)))
      throw new DomainError('BAD_REQUEST', messages.assignmentUnknownCentre);
    if (papers.some((code) => !found.papers.has(code)))
      throw new DomainError('BAD_REQUEST', messages.assignmentUnknownPaper);
    const before = await findTeacherAssignment(tx, uuid);
    await saveTeacherAssignment(tx, { teacherUuid: uuid, centres, papers });
    await recordAudit(tx, {
      by,
      entity: 'user',
      entityId: uuid,
      entityName: teacher.name,
      action: 'update',
      before: { centres: before?.centres ?? [], papers: before?.papers ?? [] },
      after: { centres, papers },
    });
    return { centres, papers };
  });
}
