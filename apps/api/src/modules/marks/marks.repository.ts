import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client';
import { examCentres, marks, students, subjects, teacherAssignments } from '../../db/schema';

export async function marksOf(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: marks.studentId, subjectCode: marks.subjectCode, marks: marks.marks, absent: marks.absent })
    .from(marks)
    .where(inArray(marks.studentId, [...studentIds]));
}

export async function findMark(db: Executor, studentId: string, subjectCode: number) {
  const [row] = await db
    .select()
    .from(marks)
    .where(and(eq(marks.studentId, studentId), eq(marks.subjectCode, subjectCode)))
    .for('update')
    .limit(1);
  return row;
}

export async function upsertMark(
  db: Executor,
  values: { studentId: string; subjectCode: number; marks: number | null; absent: boolean; updatedBy: string },
): Promise<void> {
  await db
    .insert(marks)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [marks.studentId, marks.subjectCode],
      set: { marks: values.marks, absent: values.absent, updatedBy: values.updatedBy, updatedAt: new Date() },
    });
}

export async function findStudentsByIds(db: Executor, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      standard: students.standard,
      examYear: students.examYear,
      examCentreId: students.examCentreId,
    })
    .from(students)
    .where(inArray(students.studentId, [...studentIds]));
}

/**
 * Papers not entered yet (no marks and not absent) of an exam year's students writing one paper set,
 * and how many students they belong to: what stands between the marks and a declared result.
 */
export async function missingMarksOfYear(
  db: Executor,
  { examYear, standards, paperSet }: { examYear: number; standards: readonly string[]; paperSet: string },
): Promise<{ students: number; papers: number }> {
  const [row] = await executeRows<{ students: string | number; papers: string | number }>(
    db,
    sql`
    select count(distinct s.student_id) as students, count(*) as papers
    from students s
    join subjects p on p.standard = ${paperSet} and p.exam_year = ${examYear}
    left join marks m on m.student_id = s.student_id and m.subject_code = p.subject_code
    where s.exam_year = ${examYear} and s.standard in (${sql.join(
      standards.map((standard) => sql`${standard}`),
      sql`, `,
    )})
      and (m.student_id is null or (m.marks is null and not m.absent))`,
  );
  return { students: Number(row?.students ?? 0), papers: Number(row?.papers ?? 0) };
}

export async function findTeacherAssignment(db: Executor, teacherUuid: string) {
  const [row] = await db
    .select({ centres: teacherAssignments.centreIds, papers: teacherAssignments.subjectCodes })
    .from(teacherAssignments)
    .where(eq(teacherAssignments.teacherUuid, teacherUuid))
    .limit(1);
  return row;
}

export async function saveTeacherAssignment(
  db: Executor,
  { teacherUuid, centres, papers }: { teacherUuid: string; centres: number[]; papers: number[] },
): Promise<void> {
  await db
    .insert(teacherAssignments)
    .values({ teacherUuid, centreIds: centres, subjectCodes: papers })
    .onConflictDoUpdate({
      target: teacherAssignments.teacherUuid,
      set: { centreIds: centres, subjectCodes: papers, updatedAt: new Date() },
    });
}

/** Which of these centres and subject codes exist. */
export async function existingCentresAndPapers(db: Executor, centres: number[], papers: number[]) {
  const [foundCentres, foundPapers] = await Promise.all([
    centres.length
      ? db.select({ id: examCentres.centerId }).from(examCentres).where(inArray(examCentres.centerId, centres))
      : [],
    papers.length
      ? db.select({ code: subjects.subjectCode }).from(subjects).where(inArray(subjects.subjectCode, papers))
      : [],
  ]);
  return { centres: new Set(foundCentres.map((c) => c.id)), papers: new Set(foundPapers.map((p) => p.code)) };
}
