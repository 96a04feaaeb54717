import { courseRequest } from '@app/domain/courses.schemas';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { and, asc, eq, gt } from 'drizzle-orm';
import { students } from '../db/schema';
import type { Deps } from '../deps';
import { approveConcession, rejectConcession, requestConcession } from '../modules/courses/concessions.service';
import { createCourse } from '../modules/courses/courses.service';
import type { Actor } from '../plugins/auth';

/**
 * Courses and concessions for the demo (issue 25): a crash course with a three-instalment plan beside
 * SPEC §9's four, and concessions each counsellor asked for: some approved, one rejected, some waiting.
 */
export async function seedCourses(
  deps: Pick<Deps, 'db' | 'clock'>,
  { sessionId, admin, counsellors }: { sessionId: number; admin: Actor; counsellors: Actor[] },
): Promise<{ concessions: number }> {
  const today = indianToday(deps.clock());
  await createCourse(deps.db, {
    sessionId,
    by: admin,
    input: courseRequest.parse({
      name: '12th Crash Course (3 instalments)',
      standard: '12th',
      branches: ['PCM', 'PCB'],
      fee: 6000,
      planKind: 'amount',
      instalments: [
        { dueDate: shiftDate(today, { days: 7 }), value: 2000 },
        { dueDate: shiftDate(today, { days: 45 }), value: 2000 },
        { dueDate: shiftDate(today, { days: 90 }), value: 2000 },
      ],
    }),
  });
  const reasons = ['Sibling already enrolled', 'Topper of the previous year', 'Family hardship', 'Staff ward'];
  let made = 0;
  for (const [index, counsellor] of counsellors.entries()) {
    const owing = await deps.db
      .select({ studentId: students.studentId })
      .from(students)
      .where(and(eq(students.createdBy, counsellor.uuid), gt(students.remainingPaise, 100_000)))
      .orderBy(asc(students.studentId))
      .limit(3);
    for (const [n, { studentId }] of owing.entries()) {
      const asked = await requestConcession(deps.db, {
        input: { studentId, amount: 500 + 250 * n, reason: reasons[(index + n) % reasons.length] ?? 'Other' },
        by: counsellor,
      });
      made += 1;
      if (n === 0) await approveConcession(deps, { id: asked.id, by: admin });
      if (n === 1 && index === 0) await rejectConcession(deps, { id: asked.id, reason: 'Not eligible', by: admin });
    }
  }
  return { concessions: made };
}
