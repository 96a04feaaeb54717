import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { PRIVACY_DEFAULTS } from '@app/domain/privacy.rules';
import { type PrivacySettings, type RetentionReport, retentionReport } from '@app/domain/privacy.schemas';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { type AuditBy, recordAudit, systemActor } from '../audit/audit.service';
import { anonymiseEnquiries } from './erasure';
import {
  countPaymentsBefore,
  insertRetentionRun,
  listRetentionRuns,
  photosOfClosedSessions,
  setPhotosErased,
  staleEnquiryIds,
} from './retention.repository';
import { findSettings, photosStillUsed, updateSettings } from './rights.repository';

export async function getPrivacySettings(db: Executor): Promise<PrivacySettings> {
  const row = await findSettings(db);
  return {
    requestDays: row?.requestDays ?? PRIVACY_DEFAULTS.requestDays,
    enquiryMonths: row?.enquiryMonths ?? PRIVACY_DEFAULTS.enquiryMonths,
    photoMonths: row?.photoMonths ?? PRIVACY_DEFAULTS.photoMonths,
    financialYears: row?.financialYears ?? PRIVACY_DEFAULTS.financialYears,
  };
}

/** The admin changes the request deadline or a retention rule; audited in the same transaction. */
export async function savePrivacySettings(
  deps: Pick<Deps, 'db'>,
  { by, input }: { by: Actor; input: PrivacySettings },
): Promise<PrivacySettings> {
  return deps.db.transaction(async (tx) => {
    // The one settings row, FOR UPDATE (nothing references it): two admins saving queue here.
    const before = await findSettings(tx, { lock: true });
    await updateSettings(tx, { ...input, updatedBy: by.uuid });
    await recordAudit(tx, {
      by,
      entity: 'privacy_settings',
      entityId: 1,
      entityName: 'Privacy settings',
      action: 'update',
      before: before ? { ...before } : null,
      after: { ...input },
    });
    return input;
  });
}

const monthsBefore = (today: string, months: number) => shiftMonths(today, -months);

/** An Indian calendar day moved by whole months (the 31st falls back to the month's last day). */
export function shiftMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  const last = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  return `${newYear}-${String(newMonth).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** Midnight in India at the start of an Indian calendar day. */
const indianMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

/**
 * Applies the retention rules as of `deps.clock` (or, with `dryRun`, only says what it would do, from
 * the same queries): enquiries never registered are anonymised `enquiryMonths` after they were recorded;
 * the photos of students of an exam session that ended `photoMonths` ago (and is not open) are deleted;
 * payments older than `financialYears` are only counted (fee receipts and accounts are never removed by
 * the job). A real run is one transaction (an advisory lock keeps two instances from running it at once;
 * students, then enquiries: decision 009) that records its report; files go after the commit.
 */
export async function runRetention(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  { dryRun, by = systemActor }: { dryRun: boolean; by?: AuditBy | Actor },
): Promise<RetentionReport> {
  const now = deps.clock();
  const today = indianToday(now);
  const settings = await getPrivacySettings(deps.db);
  const enquiriesBefore = indianMidnight(monthsBefore(today, settings.enquiryMonths));
  const sessionsEndedBy = monthsBefore(today, settings.photoMonths);
  const paymentsBefore = indianMidnight(shiftMonths(today, -12 * settings.financialYears));

  const plan = async (db: Executor, lock: boolean) => ({
    enquiries: await staleEnquiryIds(db, enquiriesBefore, { lock }),
    photos: await photosOfClosedSessions(db, sessionsEndedBy, { lock }),
    paymentsPastRetention: await countPaymentsBefore(db, paymentsBefore),
  });
  const reportOf = (found: Awaited<ReturnType<typeof plan>>): RetentionReport =>
    retentionReport.parse({
      isDryRun: dryRun,
      ranAt: now.toISOString(),
      enquiriesAnonymised: found.enquiries,
      photosDeleted: found.photos.map(({ studentId, examYear }) => ({ studentId, examYear })),
      paymentsPastRetention: found.paymentsPastRetention,
    });

  if (dryRun) return reportOf(await plan(deps.db, false));

  const { report, files } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7354012027)`);
    const found = await plan(tx, true);
    const studentIds = found.photos.map((photo) => photo.studentId);
    const hashes = [...new Set(found.photos.map((photo) => photo.photo))];
    await setPhotosErased(tx, studentIds);
    await anonymiseEnquiries(tx, found.enquiries);
    const kept = await photosStillUsed(tx, hashes, { exceptStudent: '' });
    const report = reportOf(found);
    await insertRetentionRun(tx, {
      ranAt: now,
      isDryRun: false,
      report,
      ranBy: by.uuid,
    });
    if (found.enquiries.length > 0 || studentIds.length > 0) {
      await recordAudit(tx, {
        by,
        entity: 'privacy_settings',
        entityId: 1,
        entityName: 'Retention rules',
        action: 'erase',
        after: {
          erasedFields: [
            `${found.enquiries.length} enquiries anonymised`,
            `${studentIds.length} student photos deleted`,
          ],
        },
      });
    }
    return { report, files: hashes.filter((hash) => !kept.has(hash)) };
  });
  for (const hash of files) await deps.files.delete(hash);
  return report;
}

export async function listRuns(db: Executor): Promise<RetentionReport[]> {
  const rows = await listRetentionRuns(db);
  return rows.map((row) => retentionReport.parse(row.report));
}

const NIGHTLY_HOUR_IST = 2;

/** How long until the next 02:00 in India, from `now`. */
export function msUntilNightlyRun(now: Date): number {
  const today = indianToday(now);
  let next = new Date(`${today}T0${NIGHTLY_HOUR_IST}:00:00+05:30`);
  if (next.getTime() <= now.getTime())
    next = new Date(`${shiftDate(today, { days: 1 })}T0${NIGHTLY_HOUR_IST}:00:00+05:30`);
  return next.getTime() - now.getTime();
}

/**
 * The nightly job, in the process (no cron to set up): at 02:00 India time it applies the retention
 * rules and logs what it did. Several instances may each start it: the run's advisory lock makes the
 * second wait, and it then finds nothing left to do. `stop()` on close.
 */
export function startRetentionSchedule(deps: Pick<Deps, 'db' | 'clock' | 'files' | 'log'>): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(async () => {
      try {
        const report = await runRetention(deps, { dryRun: false });
        deps.log.info(
          {
            enquiriesAnonymised: report.enquiriesAnonymised.length,
            photosDeleted: report.photosDeleted.length,
            paymentsPastRetention: report.paymentsPastRetention,
          },
          'retention rules applied',
        );
      } catch (error) {
        deps.log.warn({ err: error }, 'retention run failed; tried again tomorrow');
      }
      schedule();
    }, msUntilNightlyRun(deps.clock()));
    timer.unref();
  };
  schedule();
  return {
    stop: () => {
      if (timer) clearTimeout(timer);
    },
  };
}
