import { paperSetOf } from '@app/domain/exam.rules';
import { isStandard } from '@app/domain/standards.rules';
import { subjectStandards } from '@app/domain/subjects.schemas';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { students } from '../db/schema';
import { saveMark } from '../modules/marks/marks.service';
import { assignTeacher } from '../modules/marks/teacher-assignments.service';
import { listPaperSet } from '../modules/results/results.repository';
import { assignSeats } from '../modules/seats/seats.service';
import { currentSessionYear } from '../modules/sessions/current-session';
import type { Actor } from '../plugins/auth';

/** The same little generator as the enrolment's: the demo is the same every time. */
function picker(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export type ExamDaySeed = {
  seated: number;
  marked: number;
  pending: number;
  /** A student to try the hall-ticket and result pages with (once the admin releases them). */
  example: { studentName: string; studentId: string; motherName: string } | undefined;
};

/**
 * Exam day for the demo, through the services the API uses (audited): the admin assigns seat numbers
 * centre by centre, the teacher (assigned every centre and paper) enters marks for four students in five (a few of them below the pass
 * mark); the fifth has none yet, so Marks Entry shows empty cells and the result page 'PENDING'.
 * Hall tickets and results stay unreleased: switching them on is the admin's demo.
 */
export async function seedExamDay(
  db: Db,
  { centreIds, admin, teacher }: { centreIds: number[]; admin: Actor; teacher: Actor },
): Promise<ExamDaySeed> {
  let seated = 0;
  for (const centerId of centreIds) seated += (await assignSeats(db, { centerId, by: admin })).assigned;

  const examYear = await currentSessionYear(db);
  // The teacher enters every paper at every centre (an admin assigns them on the Users page).
  const allPapers = await Promise.all(subjectStandards.map((paperSet) => listPaperSet(db, { paperSet, examYear })));
  await assignTeacher(db, {
    uuid: teacher.uuid,
    assignment: { centres: centreIds, papers: allPapers.flat().map((paper) => paper.subjectCode) },
    by: admin,
  });
  const sitting = await db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      motherName: students.motherName,
      standard: students.standard,
    })
    .from(students)
    .where(and(eq(students.examYear, examYear), isNotNull(students.seatNumber)))
    .orderBy(asc(students.studentId));
  const papersOf = new Map<string, Awaited<ReturnType<typeof listPaperSet>>>();
  const random = picker(20_261_123);
  let marked = 0;
  let pending = 0;
  for (const [index, student] of sitting.entries()) {
    if (!isStandard(student.standard)) continue;
    if (index % 5 === 4) {
      pending += 1;
      continue;
    }
    const paperSet = paperSetOf(student.standard);
    const papers = papersOf.get(paperSet) ?? (await listPaperSet(db, { paperSet, examYear }));
    papersOf.set(paperSet, papers);
    // A student's level (30-95 %), each paper within 15 points of it.
    const level = 30 + random() * 65;
    for (const paper of papers) {
      const percent = Math.min(100, Math.max(0, level + (random() - 0.5) * 30));
      await saveMark(db, {
        studentId: student.studentId,
        subjectCode: paper.subjectCode,
        marks: Math.round((percent / 100) * paper.maxMarks),
        by: teacher,
      });
    }
    marked += 1;
  }
  const [first] = sitting;
  return {
    seated,
    marked,
    pending,
    example: first && { studentName: first.studentName, studentId: first.studentId, motherName: first.motherName },
  };
}
