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

/**
 * A chart: the drawing for the eye (aria-hidden, loaded lazily) and, under it, its numbers in a table
 * for screen readers, which everyone sees if the drawing cannot be loaded.
 */
function ChartCard({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
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
      table={
        <table>
          <caption>Registrations per day</caption>
          <thead>
            <tr>
              <th>Date</th>
              <th>Registrations</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{formatDate(day.date)}</td>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <PerDayDrawing days={days} />
    </ChartCard>
  );
}

export function CentreCapacityChart({ centres }: { centres: AdminCharts['perCentre'] }) {
  return (
    <ChartCard
      title="Registrations per exam centre against capacity"
      table={
        <table>
          <caption>Registrations per exam centre</caption>
          <thead>
            <tr>
              <th>Exam centre</th>
              <th>Registered</th>
              <th>Capacity</th>
            </tr>
          </thead>
          <tbody>
            {centres.map((c) => (
              <tr key={c.centerId}>
                <td>{c.centerName}</td>
                <td>{c.registered}</td>
                <td>{c.capacity ?? 'No limit'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <CentreBars centres={centres} />
    </ChartCard>
  );
}

export function CounsellorMoneyChart({ counsellors }: { counsellors: AdminCharts['perCounsellor'] }) {
  return (
    <ChartCard
      title="Fees collected and outstanding per counsellor"
      table={
        <table>
          <caption>Fees per counsellor</caption>
          <thead>
            <tr>
              <th>Counsellor</th>
              <th>Collected</th>
              <th>Outstanding</th>
            </tr>
          </thead>
          <tbody>
            {counsellors.map((c) => (
              <tr key={c.uuid}>
                <td>{c.name}</td>
                <td>{formatCurrency(c.collected)}</td>
                <td>{formatCurrency(c.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <CounsellorBars counsellors={counsellors} />
    </ChartCard>
  );
}
