import type { AdminCharts } from '@app/domain/home.schemas';
import { Component, type ReactNode, Suspense } from 'react';
import { formatCurrency, formatDate } from '@/lib/format';
import { lazyNamed } from '@/lib/lazy-named';

// The drawings come in their own chunk, fetched when the admin Home first shows its charts.
const loadDrawings = () => import('./chart-drawings');
const PerDayDrawing = lazyNamed<'PerDayDrawing', { days: AdminCharts['perDay'] }>('PerDayDrawing', loadDrawings);
const CentreBars = lazyNamed<'CentreBars', { centres: AdminCharts['perCentre'] }>('CentreBars', loadDrawings);
const CounsellorBars = lazyNamed<'CounsellorBars', { counsellors: AdminCharts['perCounsellor'] }>(
  'CounsellorBars',
  loadDrawings,
);

/** When the drawings cannot be loaded (offline), the chart's table is shown instead. */
class DrawingBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A chart's numbers: a column per header, a row per item. */
type ChartNumbers = { caption: string; headers: string[]; rows: { key: string; cells: ReactNode[] }[] };

function ChartTable({ caption, headers, rows }: ChartNumbers) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header}>{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, column) => (
              <td key={headers[column]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A chart: the drawing for the eye (aria-hidden, loaded lazily) and, under it, its numbers in a table
 * for screen readers, which everyone sees if the drawing cannot be loaded.
 */
function ChartCard({ title, children, numbers }: { title: string; children: ReactNode; numbers: ChartNumbers }) {
  const table = <ChartTable {...numbers} />;
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <DrawingBoundary fallback={<div className="mt-3 overflow-x-auto text-sm">{table}</div>}>
        <div aria-hidden="true" className="mt-3">
          <Suspense fallback={<p className="text-sm text-slate-500">Loading chart…</p>}>{children}</Suspense>
        </div>
        <div className="sr-only">{table}</div>
      </DrawingBoundary>
    </figure>
  );
}

export function RegistrationsPerDayChart({ days }: { days: AdminCharts['perDay'] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <ChartCard
      title={`Registrations per day, last ${days.length} days (${total})`}
      numbers={{
        caption: 'Registrations per day',
        headers: ['Date', 'Registrations'],
        rows: days.map((day) => ({ key: day.date, cells: [formatDate(day.date), day.count] })),
      }}
    >
      <PerDayDrawing days={days} />
    </ChartCard>
  );
}

export function CentreCapacityChart({ centres }: { centres: AdminCharts['perCentre'] }) {
  return (
    <ChartCard
      title="Registrations per exam centre against capacity"
      numbers={{
        caption: 'Registrations per exam centre',
        headers: ['Exam centre', 'Registered', 'Capacity'],
        rows: centres.map((c) => ({
          key: String(c.centerId),
          cells: [c.centerName, c.registered, c.capacity ?? 'No limit'],
        })),
      }}
    >
      <CentreBars centres={centres} />
    </ChartCard>
  );
}

export function CounsellorMoneyChart({ counsellors }: { counsellors: AdminCharts['perCounsellor'] }) {
  return (
    <ChartCard
      title="Fees collected and outstanding per counsellor"
      numbers={{
        caption: 'Fees per counsellor',
        headers: ['Counsellor', 'Collected', 'Outstanding'],
        rows: counsellors.map((c) => ({
          key: c.uuid,
          cells: [c.name, formatCurrency(c.collected), formatCurrency(c.outstanding)],
        })),
      }}
    >
      <CounsellorBars counsellors={counsellors} />
    </ChartCard>
  );
}
