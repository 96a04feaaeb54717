import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { followUpOutcomes, followUpRequest, publicEnquiryRequest } from '@app/domain/funnel.schemas';
import { standards } from '@app/domain/standards.rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { visitingRecords } from '../db/schema';
import type { Deps } from '../deps';
import { memoryAttemptStore } from '../lib/attempt-store';
import { recordFollowUp, submitWebsiteEnquiry } from '../modules/funnel/funnel.service';
import { closeVisit } from '../modules/visiting/visiting.service';
import type { Actor } from '../plugins/auth';

const parents = ['Sunita Pawar', 'Ramesh Jadhav', 'Kavita Shinde', 'Vijay More', 'Anita Gaikwad', 'Suresh Kale'];
const cities = ['Pune', 'Nashik', 'Pune', 'Nashik', 'Ratnagiri', 'Pune'];

/**
 * The funnel (issue 26): website enquiries from the contact form (one from a city without a counsellor,
 * left to the admins), and follow-ups on the counsellors' enquiries so each queue has some overdue, due
 * today and upcoming; a few enquiries lost.
 */
export async function seedFunnel(
  deps: Pick<Deps, 'db' | 'clock'>,
  { counsellors }: { counsellors: Actor[] },
): Promise<{ website: number; followUps: number }> {
  const attempts = memoryAttemptStore();
  for (let i = 0; i < 18; i += 1) {
    const input = publicEnquiryRequest.parse({
      name: `${parents[i % parents.length]?.split(' ')[0]}'s child ${i + 1}`,
      phone: String(9_500_000_000 + i),
      standard: standards[i % standards.length],
      city: cities[i % cities.length],
      message: i % 3 === 0 ? 'Please share the fees and the exam dates.' : undefined,
      consent: true,
    });
    await submitWebsiteEnquiry({ ...deps, attempts }, { input, ip: `10.0.0.${i}` });
  }
  const today = indianToday(deps.clock());
  let followUps = 0;
  for (const counsellor of counsellors) {
    const open = await deps.db
      .select({ id: visitingRecords.id })
      .from(visitingRecords)
      .where(and(eq(visitingRecords.assignedTo, counsellor.uuid), isNull(visitingRecords.closedAt)))
      .orderBy(asc(visitingRecords.id))
      .limit(9);
    for (const [n, { id }] of open.entries()) {
      if (n === 8) {
        await closeVisit(deps.db, { id, input: { reason: 'Not interested' }, by: counsellor });
        continue;
      }
      // Next dates from two days back to a week ahead: overdue, today and upcoming in every queue.
      const input = followUpRequest.parse({
        kind: n % 3 === 0 ? 'visit' : 'call',
        doneOn: shiftDate(today, { days: -(3 + n) }),
        outcome: followUpOutcomes[n % followUpOutcomes.length],
        note: n % 2 === 0 ? 'Parent will discuss with the student' : undefined,
        nextFollowUpOn: n < 2 ? today : shiftDate(today, { days: n - 2 }),
        stage: n % 4 === 3 ? 'interested' : undefined,
      });
      await recordFollowUp(deps.db, { id, input, by: counsellor });
      // Two of them planned for days already past, as if recorded earlier (spread into the past like the payments).
      if (n < 2) {
        await deps.db
          .update(visitingRecords)
          .set({ nextFollowUpOn: shiftDate(today, { days: n - 2 }) })
          .where(eq(visitingRecords.id, id));
      }
      followUps += 1;
    }
  }
  return { website: 18, followUps };
}
