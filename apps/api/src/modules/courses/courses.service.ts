import type { FeePlan } from '@app/domain/courses.rules';
import { instalmentAmounts } from '@app/domain/courses.rules';
import type { Course, CourseInput, PublicCoursesResponse } from '@app/domain/courses.schemas';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import type { Standard } from '@app/domain/standards.rules';
import type { Db, Executor } from '../../db/client';
import type { CourseRow, ExamSessionRow } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { currentSession } from '../sessions/current-session';
import { findOpenSession, findSession } from '../sessions/sessions.repository';
import {
  findCourse,
  findCourseForStandard,
  findCourseNameClash,
  insertCourse,
  listCourseRows,
  listOfferedCourses,
  lockCourse,
  updateCourseRow,
} from './courses.repository';

/** A plan as the admin entered it: rupees (amount plans) or a percentage (percent plans) → paise or basis points. */
const planOf = (input: CourseInput): FeePlan => ({
  kind: input.planKind,
  instalments: input.instalments.map((one) => ({ dueDate: one.dueDate, value: toPaise(one.value) })),
});

const toCourse = (row: CourseRow, students = 0): Course => {
  const amounts = instalmentAmounts(row.plan, row.feePaise);
  return {
    id: row.id,
    sessionId: row.sessionId,
    name: row.name,
    standard: row.standard,
    branches: row.branches,
    fee: toRupees(row.feePaise),
    planKind: row.plan.kind,
    instalments: row.plan.instalments.map((one, index) => ({
      dueDate: one.dueDate,
      value: one.value / 100,
      amount: toRupees(amounts[index]?.amountPaise ?? 0),
    })),
    offered: row.offered,
    students,
  };
};

/** What the audit trail keeps of a course, in words the Activity screen reads. */
const audited = (row: CourseRow) => ({
  name: row.name,
  standard: row.standard,
  branches: row.branches,
  feePaise: row.feePaise,
  instalmentPlan: row.plan.instalments.map((one) =>
    row.plan.kind === 'percent' ? `${one.value / 100}% by ${one.dueDate}` : `₹${one.value / 100} by ${one.dueDate}`,
  ),
  offered: row.offered,
});

/** A session's courses (the open session's when none is named), with how many students each has. */
export async function listCourses(db: Db, { sessionId }: { sessionId?: number | undefined }): Promise<Course[]> {
  const session = sessionId === undefined ? await currentSession(db) : await findSession(db, sessionId);
  if (!session) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
  return (await listCourseRows(db, session.id)).map((row) => toCourse(row, row.students));
}

/** A course's columns as the admin's form gives them (the fee in paise, the plan in its stored shape). */
const columnsOf = (input: CourseInput) => ({
  name: input.name,
  standard: input.standard,
  branches: input.branches,
  feePaise: toPaise(input.fee),
  plan: planOf(input),
  offered: input.offered,
});

/** The public list: the offered courses of the session open for registration (none open: an empty list). */
export async function listPublicCourses(db: Db): Promise<PublicCoursesResponse> {
  const session = await findOpenSession(db);
  if (!session) return { session: null, data: [] };
  const rows = await listOfferedCourses(db, session.id);
  return {
    session: session.name,
    data: rows.map((row) => {
      const { id, name, standard, branches, fee, planKind, instalments } = toCourse(row);
      return { id, name, standard, branches, fee, planKind, instalments };
    }),
  };
}

export async function createCourse(
  db: Db,
  { sessionId, input, by }: { sessionId: number; input: CourseInput; by: Actor },
): Promise<Course> {
  return db.transaction(async (tx) => {
    // The session's row, shared: it cannot vanish or change its id while its course is added.
    const session = await findSession(tx, sessionId, 'share');
    if (!session) throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    if (await findCourseNameClash(tx, { sessionId, name: input.name })) {
      throw new DomainError('CONFLICT', messages.courseNameTaken);
    }
    const row = await insertCourse(tx, { sessionId, ...columnsOf(input) });
    await recordAudit(tx, { by, entity: 'course', entityId: row.id, action: 'create', after: audited(row) });
    return toCourse(row);
  });
}

/**
 * A course's new name, branches, fee, plan or whether it is offered. Students already registered keep
 * the fee and plan they registered with (stored on each student): only new registrations see the change.
 */
export async function updateCourse(
  db: Db,
  { id, input, by }: { id: number; input: CourseInput; by: Actor },
): Promise<Course> {
  return db.transaction(async (tx) => {
    const before = await lockCourse(tx, id);
    if (!before) throw new DomainError('NOT_FOUND', messages.courseNotFound);
    if (await findCourseNameClash(tx, { sessionId: before.sessionId, name: input.name, except: id })) {
      throw new DomainError('CONFLICT', messages.courseNameTaken);
    }
    const row = await updateCourseRow(tx, id, columnsOf(input));
    await recordAudit(tx, {
      by,
      entity: 'course',
      entityId: id,
      action: 'update',
      before: audited(before),
      after: audited(row),
    });
    const [listed] = (await listCourseRows(tx, row.sessionId)).filter((one) => one.id === id);
    return toCourse(row, listed?.students ?? 0);
  });
}

/**
 * The course a registration goes on, in the open session (read inside the registration's transaction):
 * the one it names (`courseId`, our form), else the first offered course of its fee standard (SPEC's
 * payload, which names only standards). A named course's standard must be the fee standard, and the branch one of
 * its when that is the student's own standard.
 */
export async function courseForRegistration(
  tx: Executor,
  {
    session,
    courseId,
    standard,
    paymentStandard,
    branch,
  }: {
    session: ExamSessionRow;
    courseId: number | undefined;
    standard: Standard;
    paymentStandard: Standard | undefined;
    branch: string;
  },
): Promise<CourseRow> {
  let course: CourseRow | undefined;
  if (courseId !== undefined) {
    course = await findCourse(tx, courseId);
    if (!course || course.sessionId !== session.id || !course.offered) {
      throw new DomainError('BAD_REQUEST', messages.courseNotOffered);
    }
    // The course is what the fee is charged for (SPEC's payment standard): the student's own standard, or
    // the one the form's payment standard names; the branch is checked when it is the student's own.
    if (course.standard !== (paymentStandard ?? standard)) {
      throw new DomainError('BAD_REQUEST', messages.courseStandardMismatch);
    }
    if (course.standard === standard && !course.branches.includes(branch)) {
      throw new DomainError('BAD_REQUEST', messages.courseBranchNotOffered);
    }
    return course;
  }
  // SPEC's payload: its branch was checked against its standard (registrations.schemas.ts), as before courses.
  course = await findCourseForStandard(tx, session.id, paymentStandard ?? standard);
  if (!course) throw new DomainError('CONFLICT', messages.courseNoneForStandard);
  return course;
}
