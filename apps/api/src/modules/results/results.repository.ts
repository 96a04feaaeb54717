import type { Standard } from '@app/domain/standards.rules';
import type { SubjectStandard } from '@app/domain/subjects.schemas';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Db, type Executor, executeRows } from '../../db/client';
import { examCentres, marks, students, subjects } from '../../db/schema';

const lookupColumns = {
  studentId: students.studentId,
  studentName: students.studentName,
  motherName: students.motherName,
  standard: students.standard,
  branch: students.branch,
  examYear: students.examYear,
  seatNumber: students.seatNumber,
  studentPhoto: students.studentPhoto,
  examCentreId: students.examCentreId,
  centerName: examCentres.centerName,
  collegeName: examCentres.collegeName,
};
export type LookupStudent = {
  studentId: string;
  studentName: string;
  motherName: string;
  standard: string;
  branch: string;
  examYear: number;
  seatNumber: string | null;
  studentPhoto: string;
  examCentreId: number;
  centerName: string;
  collegeName: string;
};

/** A paper's entry: marks, or absent (marks null); neither is not entered. */
export type StudentMark = { subjectCode: number; marks: number | null; absent: boolean };

/** A student with their centre and their marks: what a public lookup reads, one row per student. */
function selectLookupStudents(db: Executor) {
  return db
    .select({
      ...lookupColumns,
      marks: sql<StudentMark[]>`coalesce((select json_agg(json_build_object(
        'subjectCode', ${marks.subjectCode}, 'marks', ${marks.marks}, 'absent', ${marks.absent})) from ${marks}
        where ${marks.studentId} = ${students.studentId}), '[]'::json)`,
    })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId));
}

function prepareLookupStudent(db: Db) {
  return selectLookupStudents(db)
    .where(eq(students.studentId, sql.placeholder('studentId')))
    .limit(1)
    .prepare('lookup_student');
}
/** Built once per database: a first lookup in exam week is the busiest read there is. */
const lookupStudentQueries = new WeakMap<Db, ReturnType<typeof prepareLookupStudent>>();

/** A student with their centre and their marks, in one round trip (a public lookup's one read). */
export async function findLookupStudent(
  db: Db,
  studentId: string,
): Promise<(LookupStudent & { marks: StudentMark[] }) | undefined> {
  let query = lookupStudentQueries.get(db);
  if (!query) {
    query = prepareLookupStudent(db);
    lookupStudentQueries.set(db, query);
  }
  const [row] = await query.execute({ studentId });
  return row;
}

/** Many students as findLookupStudent reads one (the results warm-up), by student ID. */
export async function findLookupStudents(
  db: Executor,
  studentIds: readonly string[],
): Promise<Map<string, LookupStudent & { marks: StudentMark[] }>> {
  if (studentIds.length === 0) return new Map();
  const rows = await selectLookupStudents(db).where(inArray(students.studentId, [...studentIds]));
  return new Map(rows.map((row) => [row.studentId, row]));
}

/** The student IDs of an exam year after `after`, in order, `limit` at a time (keyset pages). */
export async function listExamYearStudentIds(
  db: Executor,
  { examYear, after, limit }: { examYear: number; after: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ studentId: students.studentId })
    .from(students)
    .where(and(eq(students.examYear, examYear), gt(students.studentId, after)))
    .orderBy(asc(students.studentId))
    .limit(limit);
  return rows.map((row) => row.studentId);
}

/** A centre's students of an exam year, with their seats, for the bulk hall tickets and the seat plan. */
export async function listCentreStudents(
  db: Executor,
  { centerId, examYear, standards }: { centerId: number; examYear: number; standards?: readonly Standard[] },
): Promise<LookupStudent[]> {
  return db
    .select(lookupColumns)
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(
      and(
        eq(students.examCentreId, centerId),
        eq(students.examYear, examYear),
        standards ? inArray(students.standard, [...standards]) : undefined,
      ),
    )
    .orderBy(asc(students.seatSerial), asc(students.studentName), asc(students.studentId));
}

/** A paper set's papers of an exam year, by date and time (unscheduled last, by code). */
export async function listPaperSet(
  db: Executor,
  { paperSet, examYear }: { paperSet: SubjectStandard; examYear: number },
) {
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.standard, paperSet), eq(subjects.examYear, examYear)))
    .orderBy(sql`${subjects.examDate} asc nulls last`, asc(subjects.startMinute), asc(subjects.subjectCode));
}

/**
 * Competition ranks (1, 2, 2, 4 by total, as competitionRanks in results.rules) of every student of an
 * exam year writing one paper set who has every paper entered (an absent paper counting 0) and sat at
 * least one (results.rules): within their centre and overall.
 * Computed by the database (window functions) in one query.
 */
export async function ranksOfYear(
  db: Executor,
  {
    examYear,
    standards,
    paperSet,
    papers,
  }: { examYear: number; standards: readonly string[]; paperSet: string; papers: number },
): Promise<Map<string, { centreRank: number; overallRank: number }>> {
  const rows = await executeRows<{ student_id: string; centre_rank: string | number; overall_rank: string | number }>(
    db,
    sql`
    with totals as (
      select s.student_id, s.exam_centre_id as centre, sum(coalesce(m.marks, 0)) as total
      from students s
      join marks m on m.student_id = s.student_id and (m.marks is not null or m.absent)
      join subjects p on p.subject_code = m.subject_code and p.standard = ${paperSet} and p.exam_year = ${examYear}
      where s.exam_year = ${examYear} and s.standard in (${sql.join(
        standards.map((standard) => sql`${standard}`),
        sql`, `,
      )})
      group by s.student_id, s.exam_centre_id
      having count(*) = ${papers} and count(m.marks) > 0
    )
    select student_id,
           rank() over (partition by centre order by total desc) as centre_rank,
           rank() over (order by total desc) as overall_rank
    from totals`,
  );
  return new Map(
    rows.map((row) => [row.student_id, { centreRank: Number(row.centre_rank), overallRank: Number(row.overall_rank) }]),
  );
}
