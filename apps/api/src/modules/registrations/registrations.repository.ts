import type { GetRegisterQuery } from '@app/domain/registrations.schemas';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
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

type ListFilter = Pick<GetRegisterQuery, 'counsellor' | 'standard' | 'search'> & {
  createdBy?: string | undefined;
  /** The counsellor's branch, as stored on the student. */
  counsellorBranch?: string | undefined;
  examCentreId?: number | undefined;
};

function conditions(filter: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.createdBy) parts.push(eq(students.createdBy, filter.createdBy));
  if (filter.counsellor) parts.push(eq(students.createdBy, filter.counsellor));
  if (filter.standard) parts.push(eq(students.standard, filter.standard));
  if (filter.counsellorBranch) parts.push(eq(students.counsellorBranch, filter.counsellorBranch));
  if (filter.examCentreId) parts.push(eq(students.examCentreId, filter.examCentreId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      or(ilike(students.studentName, pattern), ilike(students.studentId, pattern), ilike(students.studentNo, pattern)),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

const rowColumns = {
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
};

/** Newest first; a page of them when `page` is given. */
export async function listStudentRows(db: Executor, filter: ListFilter, page?: { offset: number; limit: number }) {
  const query = db
    .select(rowColumns)
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(conditions(filter))
    .orderBy(desc(students.createdAt), desc(students.studentId));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countStudentRows(db: Executor, filter: ListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(students).where(conditions(filter));
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
  return db
    .select()
    .from(payments)
    .where(eq(payments.studentId, studentId))
    .orderBy(payments.createdAt, payments.paymentId);
}
