import type { Readable } from 'node:stream';
import { indianDayRange, indianToday } from '@app/domain/dates.rules';
import type { CounsellorReport, FunnelReport, reportQuery } from '@app/domain/funnel.schemas';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { writeWorkbook } from '../../lib/spreadsheet/write-workbook';
import type { Actor } from '../../plugins/auth';
import { countFollowUpsDone } from './funnel.repository';
import {
  cashSettled,
  duesOutstanding,
  enquiryCounts,
  feesCollected,
  followUpsOverdue,
  listReportCounsellors,
  registrationCounts,
} from './reports.repository';

type Query = z.output<typeof reportQuery>;

const emptyReport = (counsellor: string, name: string, branch: string): CounsellorReport => ({
  counsellor,
  name,
  branch,
  enquiries: 0,
  bySource: {},
  byStatus: {},
  followUpsDone: 0,
  followUpsOverdue: 0,
  registrations: 0,
  conversionRate: 0,
  feesCollected: 0,
  duesOutstanding: 0,
  cashSettled: 0,
  cashInHand: 0,
});

/** Registered enquiries of the period over its enquiries, to a tenth of a percent (0 with none). */
const rateOf = (registered: number, enquiries: number) =>
  enquiries === 0 ? 0 : Math.round((registered / enquiries) * 1000) / 10;

const add = (into: Record<string, number>, key: string, n: number) => {
  into[key] = (into[key] ?? 0) + n;
};

/**
 * The funnel report over a period of Indian dates (both ends included): per counsellor, enquiries by
 * source and status (of those recorded in the period), follow-ups done in it, follow-ups overdue and
 * dues outstanding now, registrations and fees collected in it, cash settled (verified settlements paid
 * in it), and cash in hand at its end (fees collected up to then less verified settlements up to then).
 * A counsellor sees only their own row, whatever the query asks.
 */
export async function funnelReportOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  { by, query }: { by: Actor; query: Query },
): Promise<FunnelReport> {
  const { db } = deps;
  const counsellors = await listReportCounsellors(
    db,
    by.role === 'admin' ? { uuid: query.counsellor, branch: query.branch } : { uuid: by.uuid },
  );
  const ids = counsellors.map((c) => c.uuid);
  const rows = counsellors.map((c) => emptyReport(c.uuid, c.name, c.branch ?? ''));
  const total = emptyReport('', 'All counsellors', '');
  if (ids.length === 0) return { from: query.from, to: query.to, rows, total };
  const { start, end } = indianDayRange({ from: query.from, to: query.to }) as { start: Date; end: Date };
  const [enquiries, done, overdue, registrations, collected, collectedToEnd, dues, settled, settledToEnd] =
    await Promise.all([
      enquiryCounts(db, { ids, start, end }),
      countFollowUpsDone(db, { from: query.from, to: query.to }),
      followUpsOverdue(db, { ids, today: indianToday(deps.clock()) }),
      registrationCounts(db, { ids, start, end }),
      feesCollected(db, { ids, start, end }),
      feesCollected(db, { ids, end }),
      duesOutstanding(db, { ids }),
      cashSettled(db, { ids, from: query.from, to: query.to }),
      cashSettled(db, { ids, to: query.to }),
    ]);
  const doneBy = new Map(done.map((row) => [row.by, row.n]));
  const byId = new Map(rows.map((row) => [row.counsellor, row]));
  for (const { counsellor, source, status, n } of enquiries) {
    const row = counsellor ? byId.get(counsellor) : undefined;
    if (!row) continue;
    row.enquiries += n;
    add(row.bySource, source, n);
    add(row.byStatus, status, n);
  }
  for (const row of rows) {
    const id = row.counsellor;
    row.followUpsDone = doneBy.get(id) ?? 0;
    row.followUpsOverdue = overdue.get(id) ?? 0;
    row.registrations = registrations.get(id) ?? 0;
    row.conversionRate = rateOf(row.byStatus.registered ?? 0, row.enquiries);
    row.feesCollected = collected.get(id) ?? 0;
    row.duesOutstanding = dues.get(id) ?? 0;
    row.cashSettled = settled.get(id) ?? 0;
    row.cashInHand = (collectedToEnd.get(id) ?? 0) - (settledToEnd.get(id) ?? 0);
    total.enquiries += row.enquiries;
    for (const [key, n] of Object.entries(row.bySource)) add(total.bySource, key, n);
    for (const [key, n] of Object.entries(row.byStatus)) add(total.byStatus, key, n);
    total.followUpsDone += row.followUpsDone;
    total.followUpsOverdue += row.followUpsOverdue;
    total.registrations += row.registrations;
    total.feesCollected += row.feesCollected;
    total.duesOutstanding += row.duesOutstanding;
    total.cashSettled += row.cashSettled;
    total.cashInHand += row.cashInHand;
  }
  total.conversionRate = rateOf(total.byStatus.registered ?? 0, total.enquiries);
  return { from: query.from, to: query.to, rows, total };
}

const money = '"₹"#,##0.00';
const rupees = (paise: number) => paise / 100;

/** The report as a workbook: one row per counsellor, then the total. */
export function reportWorkbook(report: FunnelReport): Readable {
  const columns = [
    { header: 'Counsellor', width: 24 },
    { header: 'Branch', width: 14 },
    { header: 'Enquiries', width: 10 },
    { header: 'Registered', width: 11 },
    { header: 'Lost', width: 8 },
    { header: 'Follow-ups done', width: 15 },
    { header: 'Follow-ups overdue', width: 18 },
    { header: 'Registrations', width: 13 },
    { header: 'Conversion %', width: 13 },
    { header: 'Fees collected', width: 16, numFmt: money },
    { header: 'Dues outstanding', width: 17, numFmt: money },
    { header: 'Cash settled', width: 15, numFmt: money },
    { header: 'Cash in hand', width: 15, numFmt: money },
  ];
  const line = (row: CounsellorReport) => [
    row.name,
    row.branch,
    row.enquiries,
    row.byStatus.registered ?? 0,
    row.byStatus.lost ?? 0,
    row.followUpsDone,
    row.followUpsOverdue,
    row.registrations,
    row.conversionRate,
    rupees(row.feesCollected),
    rupees(row.duesOutstanding),
    rupees(row.cashSettled),
    rupees(row.cashInHand),
  ];
  return writeWorkbook({ name: 'Report', columns, boldHeader: true }, [...report.rows.map(line), line(report.total)]);
}
