import { indianToday } from '@app/domain/dates.rules';
import type { CounsellorReport, FunnelReport, ReportFilter } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { enquirySources, funnelStatuses } from '@app/domain/visiting.schemas';
import { useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { DownloadButton } from '@/components/download-button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { formatCurrency, formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { downloadEnquiries, downloadReport, useFunnelReport } from '../api/get-report';

const rupees = (paise: number) => formatCurrency(paise / 100);

/** One horizontal bar per label, its length against the largest (plain CSS, no chart library). */
function Bars({
  title,
  items,
  format = String,
}: {
  title: string;
  items: { label: string; value: number }[];
  format?: (n: number) => string;
}) {
  const largest = Math.max(1, ...items.map((item) => item.value));
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.label} className="grid grid-cols-[7rem_minmax(0,1fr)_auto] items-center gap-2 text-sm">
            <span className="truncate text-slate-700" title={item.label}>
              {item.label}
            </span>
            <span className="h-3 rounded bg-slate-100" aria-hidden="true">
              <span className="block h-3 rounded bg-brand-600" style={{ width: `${(item.value / largest) * 100}%` }} />
            </span>
            <span className="tabular-nums text-slate-900">{format(item.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

const card: CardLayout<CounsellorReport> = {
  title: (row) => row.name,
  subtitle: (row) => row.branch,
  figures: [
    { label: 'Enquiries', value: (row) => row.enquiries },
    { label: 'Conversion', value: (row) => `${row.conversionRate}%` },
    { label: 'Follow-ups done', value: (row) => row.followUpsDone },
    { label: 'Overdue', value: (row) => row.followUpsOverdue },
    { label: 'Registrations', value: (row) => row.registrations },
    { label: 'Fees collected', value: (row) => rupees(row.feesCollected) },
    { label: 'Dues outstanding', value: (row) => rupees(row.duesOutstanding) },
    { label: 'Cash in hand', value: (row) => rupees(row.cashInHand) },
  ],
};

const money = (key: 'feesCollected' | 'duesOutstanding' | 'cashSettled' | 'cashInHand', header: string) =>
  ({
    id: key,
    header,
    cell: ({ row }) => rupees(row.original[key]),
    meta: { priority: 2, isNumeric: true, noWrap: true },
  }) satisfies DataColumn<CounsellorReport>;

const columns: DataColumn<CounsellorReport>[] = [
  { accessorKey: 'name', header: 'Counsellor', meta: { priority: 1 } },
  { accessorKey: 'branch', header: 'Branch', meta: { priority: 3 } },
  { accessorKey: 'enquiries', header: 'Enquiries', meta: { priority: 1, isNumeric: true } },
  {
    id: 'lost',
    header: 'Lost',
    cell: ({ row }) => row.original.byStatus.lost ?? 0,
    meta: { priority: 3, isNumeric: true },
  },
  { accessorKey: 'followUpsDone', header: 'Follow-ups done', meta: { priority: 2, isNumeric: true } },
  { accessorKey: 'followUpsOverdue', header: 'Overdue', meta: { priority: 2, isNumeric: true } },
  { accessorKey: 'registrations', header: 'Registrations', meta: { priority: 1, isNumeric: true } },
  {
    id: 'conversion',
    header: 'Conversion',
    cell: ({ row }) => `${row.original.conversionRate}%`,
    meta: { priority: 1, isNumeric: true },
  },
  money('feesCollected', 'Fees collected'),
  money('duesOutstanding', 'Dues outstanding'),
  money('cashSettled', 'Cash settled'),
  money('cashInHand', 'Cash in hand'),
];

function Totals({ report }: { report: FunnelReport }) {
  const { total } = report;
  const tiles = [
    ['Enquiries', String(total.enquiries)],
    ['Registrations', String(total.registrations)],
    ['Conversion', `${total.conversionRate}%`],
    ['Follow-ups done', String(total.followUpsDone)],
    ['Follow-ups overdue', String(total.followUpsOverdue)],
    ['Fees collected', rupees(total.feesCollected)],
    ['Dues outstanding', rupees(total.duesOutstanding)],
    ['Cash settled', rupees(total.cashSettled)],
    ['Cash in hand', rupees(total.cashInHand)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const firstOfMonth = (today: string) => `${today.slice(0, 8)}01`;

/**
 * The counsellors' report (issue 26): over a period, enquiries by source and status, follow-ups, the
 * conversion rate, registrations, fees, dues and cash; an admin across counsellors and branches. The
 * report and the period's enquiries download as Excel with the screen's filters.
 */
export function FunnelReportView() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const today = indianToday();
  const counsellors = useCounsellors({ enabled: isAdmin });
  const [filter, setFilter] = useState<ReportFilter>({ from: firstOfMonth(today), to: today });
  const isValid = Boolean(filter.from && filter.to && filter.from <= filter.to);
  const report = useFunnelReport(filter);
  const set = (change: Partial<ReportFilter>) => setFilter((current) => ({ ...current, ...change }));

  const data = report.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end">
        <Input
          label="From"
          type="date"
          value={filter.from}
          max={filter.to}
          onChange={(e) => set({ from: e.target.value })}
        />
        <Input
          label="To"
          type="date"
          value={filter.to}
          min={filter.from}
          onChange={(e) => set({ to: e.target.value })}
        />
        {isAdmin && (
          <>
            <div className="sm:w-64">
              <CounsellorCombobox
                counsellors={counsellors.data ?? []}
                value={filter.counsellor ?? ''}
                onChange={(counsellor) => set({ counsellor })}
                isLoading={counsellors.isPending}
              />
            </div>
            <Input label="Branch" value={filter.branch ?? ''} onChange={(e) => set({ branch: e.target.value })} />
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            label="Report as Excel"
            fileName="Counsellor_Report.xlsx"
            disabled={!isValid}
            download={() => downloadReport(filter)}
          />
          <DownloadButton
            label="Enquiries as Excel"
            fileName="Enquiries.xlsx"
            disabled={!isValid}
            download={() => downloadEnquiries({ from: filter.from, to: filter.to, counsellor: filter.counsellor })}
          />
        </div>
      </div>
      {data && (
        <>
          <p className="text-sm text-slate-600">
            {formatDate(data.from)} to {formatDate(data.to)}
          </p>
          <Totals report={data} />
          <div className="grid gap-4 lg:grid-cols-3">
            <Bars
              title="Enquiries by source"
              items={enquirySources.map((source) => ({ label: source, value: data.total.bySource[source] ?? 0 }))}
            />
            <Bars
              title="Enquiries by status"
              items={funnelStatuses.map((status) => ({ label: status, value: data.total.byStatus[status] ?? 0 }))}
            />
            <Bars
              title="Fees collected by counsellor"
              items={data.rows.map((row) => ({ label: row.name, value: row.feesCollected }))}
              format={rupees}
            />
          </div>
        </>
      )}
      <DataTable
        label="Report by counsellor"
        columns={columns}
        data={data?.rows}
        getRowId={(row) => row.counsellor}
        isPending={report.isPending}
        isError={report.isError}
        onRetry={() => void report.refetch()}
        emptyText="No counsellors match."
        errorText={messages.failedToLoadData}
        isFetching={report.isFetching}
        card={card}
      />
    </div>
  );
}
