import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { students } from '../db/schema';
import type { FileStore } from '../lib/file-store';
import { createAccessLogger } from '../modules/privacy/access-log';
import { recordBreach } from '../modules/privacy/breaches.service';
import { recordPaperConsent } from '../modules/privacy/consent.service';
import { createDataRequest } from '../modules/privacy/rights.service';
import type { Actor } from '../plugins/auth';

/**
 * Issue 27's screens, filled: most parents' consent recorded (a photo of the signed form; a few refuse
 * messages), the rest held and waiting; three families' requests (one overdue, one withdrawal done);
 * one breach; and staff reads in the access log.
 */
export async function seedPrivacy(
  deps: { db: Db; files: FileStore; clock: () => Date },
  { counsellors, admin }: { counsellors: Actor[]; admin: Actor },
): Promise<{ consents: number; held: number }> {
  const rows = await deps.db
    .select({ studentId: students.studentId, createdBy: students.createdBy, photo: students.studentPhoto })
    .from(students)
    .orderBy(asc(students.studentId));
  let consents = 0;
  for (const [index, row] of rows.entries()) {
    if (index % 10 >= 7) continue;
    const by = counsellors.find((counsellor) => counsellor.uuid === row.createdBy) ?? admin;
    await recordPaperConsent(deps, {
      studentId: row.studentId,
      by,
      photo: `/api/files/${row.photo}.jpg`,
      allowMessages: index % 10 !== 6,
    });
    consents += 1;
  }
  const today = indianToday(deps.clock());
  const [first, second, third] = rows;
  if (first && second && third) {
    await createDataRequest(deps, {
      by: admin,
      input: {
        studentId: first.studentId,
        kind: 'copy',
        receivedOn: shiftDate(today, { days: -3 }),
        details: 'Asked by the father at the branch',
      },
    });
    await createDataRequest(deps, {
      by: admin,
      input: {
        studentId: second.studentId,
        kind: 'correction',
        receivedOn: shiftDate(today, { days: -95 }),
        details: 'Address changed',
      },
    });
    await createDataRequest(deps, {
      by: admin,
      input: { studentId: third.studentId, kind: 'withdraw', receivedOn: today },
    });
    const log = createAccessLogger(deps.db, { clock: deps.clock, onError: () => undefined });
    for (const counsellor of counsellors) log.record({ by: counsellor, what: 'details', studentId: first.studentId });
    log.record({ by: admin, what: 'registration_pdf', studentId: first.studentId });
    await log.close();
  }
  await recordBreach(deps, {
    by: admin,
    input: {
      title: 'Register table photo shared in a parents’ group',
      description: 'A photo of the Mumbai register table, with phone numbers, was posted in a parents’ WhatsApp group.',
      discoveredOn: shiftDate(today, { days: -2 }),
      measures: 'The post was deleted within an hour; counsellors were reminded not to photograph screens.',
      scope: { centerId: 1, standard: '10th' },
    },
  });
  return { consents, held: rows.length - consents };
}
