import type { Standard } from '@app/domain/standards.rules';
import { and, count, desc, eq, gt, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { examCentres, payments, students } from '../../db/schema';

export async function insertStudent(db: Executor, values: typeof students.$inferInsert) {
  await db.insert(students).values(values);
}

export async function countStudentsAtCentre(db: Executor, centerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(students).where(eq(students.examCentreId, centerId));
  return row?.n ?? 0;
}

/**
 * Which students a list or an export takes (the Registration Table, the export tool); every field
 * optional (no filter). One filter, so the table and the workbook always agree on who matches.
 */
export type StudentListFilter = {
  /** A counsellor's own students (their uuid). */
  createdBy?: string | undefined;
  /** A counsellor's uuid (matched on createdBy) or their name. */
  counsellor?: string | undefined;
  /** The counsellor's branch, as stored on the student. */
  counsellorBranch?: string | undefined;
  standard?: Standard | undefined;
  examCentreId?: number | undefined;
  /** Part of the name, the student ID or the student number. */
  search?: string | undefined;
  /** Registered at or after `start` and before `end` (instants). */
  start?: Date | undefined;
  end?: Date | undefined;
  remaining?: 'zero' | 'nonZero' | undefined;
  /** Withdrawn (inactive) students are left out unless asked for (issue 25). */
  includeWithdrawn?: boolean | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function studentListConditions(filter: StudentListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (!filter.includeWithdrawn) parts.push(eq(students.status, 'active'));
  if (filter.createdBy) parts.push(eq(students.createdBy, filter.createdBy));
  if (filter.counsellor) {
    parts.push(
      UUID.test(filter.counsellor)
        ? eq(students.createdBy, filter.counsellor)
        : eq(students.counsellor, filter.counsellor),
    );
  }
  if (filter.standard) parts.push(eq(students.standard, filter.standard));
  if (filter.counsellorBranch) parts.push(eq(students.counsellorBranch, filter.counsellorBranch));
  if (filter.examCentreId) parts.push(eq(students.examCentreId, filter.examCentreId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      or(ilike(students.studentName, pattern), ilike(students.studentId, pattern), ilike(students.studentNo, pattern)),
    );
  }
  if (filter.start) parts.push(gte(students.createdAt, filter.start));
  if (filter.end) parts.push(lt(students.createdAt, filter.end));
  if (filter.remaining === 'zero') parts.push(eq(students.remainingPaise, 0));
  if (filter.remaining === 'nonZero') parts.push(gt(students.remainingPaise, 0));
  return parts.length ? and(...parts) : undefined;
}

/** A listed student's columns (the table's and the export's), with their centre's name. */
export const studentListColumns = {
  studentId: students.studentId,
  studentName: students.studentName,
  standard: students.standard,
  branch: students.branch,
  studentNo: students.studentNo,
  parentsNo: students.parentsNo,
  examCentreId: students.examCentreId,
  centerName: examCentres.centerName,
  counsellor: students.counsellor,
  counsellorBranch: students.counsellorBranch,
  createdBy: students.createdBy,
  totalPaise: students.totalPaise,
  paidPaise: students.paidPaise,
  remainingPaise: students.remainingPaise,
  dueDate: students.dueDate,
  createdAt: students.createdAt,
  seatNumber: students.seatNumber,
  status: students.status,
};

/** Newest first; a page of them when `page` is given. */
export async function listStudentRows(
  db: Executor,
  filter: StudentListFilter,
  page?: { offset: number; limit: number },
) {
  const query = db
    .select(studentListColumns)
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(studentListConditions(filter))
    .orderBy(desc(students.createdAt), desc(students.studentId));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countStudentRows(db: Executor, filter: StudentListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(students).where(studentListConditions(filter));
  return row?.n ?? 0;
}

export async function findStudent(db: Executor, studentId: string) {
  const [row] = await db
    .select({ student: students, centre: examCentres })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(eq(students.studentId, studentId))
    .limit(1);
  return row;
}

export async function listPaymentsOf(db: Executor, studentId: string) {
  return (
    db
      .select()
      .from(payments)
      .where(eq(payments.studentId, studentId))
      // Issue order: the student's lock serialises their payments, so ids follow it.
      .orderBy(payments.paymentId)
  );
}
