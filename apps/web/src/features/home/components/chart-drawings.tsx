import type { AdminCharts } from '@app/domain/home.schemas';
import { formatCurrency, formatDate } from '@/lib/format';

/*
 * The drawings of the admin Home's charts: hand-made SVG and bars, no chart library. This module is
 * loaded lazily, on the admin Home only; the numbers are also in each chart's table (chart-card.tsx),
 * so nothing is only in the picture.
 */

const shortDate = (iso: string) => formatDate(iso).slice(0, 5);

/** Bars per day: the SVG stretches to the card's width at a fixed height; the labels are text, so they stay readable on a phone. */
export function PerDayDrawing({ days }: { days: AdminCharts['perDay'] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const width = days.length * 10;
  const height = 100;
  const first = days[0];
  const last = days.at(-1);
  return (
    <div className="text-xs text-slate-500 tabular-nums">
      <p>Most in a day: {max}</p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-1 h-32 w-full border-b border-slate-300 sm:h-40"
        role="presentation"
      >
        {days.map((day, i) => {
          const h = (day.count / max) * height;
          return (
            <rect key={day.date} x={i * 10 + 1} y={height - h} width={8} height={h} className="fill-brand-600">
              <title>{`${formatDate(day.date)}: ${day.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="mt-1 flex justify-between">
        <span>{first ? shortDate(first.date) : ''}</span>
        <span>{last ? shortDate(last.date) : ''}</span>
      </p>
    </div>
  );
}

/** Horizontal bars: one row per item, with a label and the figure in words beside the bar. */
function BarRows({
  rows,
}: {
  rows: { key: string; label: string; parts: { value: number; className: string }[]; max: number; text: string }[];
}) {
  return (
    <ul className="flex flex-col gap-2.5">
      {rows.map((row) => (
        <li key={row.key} className="text-sm">
          <div className="flex justify-between gap-2">
            <span className="truncate text-slate-800">{row.label}</span>
            <span className="shrink-0 tabular-nums text-slate-600">{row.text}</span>
          </div>
          <div className="mt-1 flex h-3 overflow-hidden rounded-full bg-slate-100">
            {row.parts.map((part, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one bar keep their order
                key={i}
                className={part.className}
                style={{ width: `${row.max > 0 ? Math.min(100, (part.value / row.max) * 100) : 0}%` }}
              />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CentreBars({ centres }: { centres: AdminCharts['perCentre'] }) {
  const largest = Math.max(1, ...centres.map((c) => c.capacity ?? c.registered));
  if (centres.length === 0) return <p className="text-sm text-slate-500">No exam centres yet.</p>;
  return (
    <BarRows
      rows={centres.map((c) => {
        const isFull = c.capacity !== null && c.registered >= c.capacity;
        return {
          key: String(c.centerId),
          label: c.centerName,
          max: c.capacity ?? largest,
          text: c.capacity === null ? `${c.registered} (no limit)` : `${c.registered} / ${c.capacity}`,
          parts: [{ value: c.registered, className: isFull ? 'bg-red-500' : 'bg-brand-600' }],
        };
      })}
    />
  );
}

export function CounsellorBars({ counsellors }: { counsellors: AdminCharts['perCounsellor'] }) {
  const max = Math.max(1, ...counsellors.map((c) => c.collected + c.outstanding));
  return (
    <>
      <p className="mb-2 flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-green-600" /> Collected
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-amber-400" /> Outstanding
        </span>
      </p>
      {counsellors.length === 0 ? (
        <p className="text-sm text-slate-500">No counsellors yet.</p>
      ) : (
        <BarRows
          rows={counsellors.map((c) => ({
            key: c.uuid,
            label: c.name,
            max,
            text: `${formatCurrency(c.collected)} / ${formatCurrency(c.outstanding)}`,
            parts: [
              { value: c.collected, className: 'bg-green-600' },
              { value: c.outstanding, className: 'bg-amber-400' },
            ],
          }))}
        />
      )}
    </>
  );
}
