import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courses, examCentres, students } from '../../db/schema';
import { studentCourseName } from '../courses/courses.repository';
import {
  type StudentListFilter,
  studentListColumns,
  studentListConditions,
} from '../registrations/registrations.repository';

const len = (column: SQL | typeof students.studentId) => sql<number>`coalesce(max(char_length(${column})), 0)::int`;

/**
 * One aggregate over the matching students: how many, and the longest value of each text column and
 * the largest amounts (for the workbook's column widths), without reading the rows themselves.
 */
export async function exportMeasures(db: Executor, filter: StudentListFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      studentId: len(students.studentId),
      studentName: len(sql`${students.studentName}`),
      standard: len(sql`${students.standard}`),
      branch: len(sql`${students.branch}`),
      studentNo: len(sql`${students.studentNo}`),
      parentsNo: len(sql`${students.parentsNo}`),
      examCentre: len(sql`${students.examCentreId}::text || '-' || ${examCentres.centerName}`),
      counsellor: len(sql`${students.counsellor}`),
      counsellorBranch: len(sql`${students.counsellorBranch}`),
      seatNumber: len(sql`${students.seatNumber}`),
      course: len(studentCourseName),
      totalPaise: sql<number>`coalesce(max(${students.totalPaise}), 0)::int`,
      paidPaise: sql<number>`coalesce(max(${students.paidPaise}), 0)::int`,
      remainingPaise: sql<number>`coalesce(max(${students.remainingPaise}), 0)::int`,
      hasDueDate: sql<boolean>`bool_or(${students.dueDate} is not null)`,
    })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .leftJoin(courses, eq(courses.id, students.courseId))
    .where(studentListConditions(filter));
  if (!row) throw new Error('An aggregate query answered no row');
  return row;
}
export type ExportMeasures = Awaited<ReturnType<typeof exportMeasures>>;

/** One batch of matching students in student-ID order, after `afterId` (keyset paging: no OFFSET). */
export async function exportBatch(
  db: Executor,
  filter: StudentListFilter,
  { afterId, limit }: { afterId?: string; limit: number },
) {
  const where = studentListConditions(filter);
  return db
    .select({ ...studentListColumns, course: studentCourseName })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .leftJoin(courses, eq(courses.id, students.courseId))
    .where(afterId ? and(where, gt(students.studentId, afterId)) : where)
    .orderBy(asc(students.studentId))
    .limit(limit);
}
export type ExportSourceRow = Awaited<ReturnType<typeof exportBatch>>[number];
