import type { AdminCharts } from '@app/domain/home.schemas';
import { formatCurrency, formatDate } from '@/lib/format';

/*
 * The drawings of the admin Home's charts: hand-made SVG and bars, no chart library. This module is
 * loaded lazily, on the admin Home only; the numbers are also in each chart's table (chart-card.tsx),
 * so nothing is only in the picture.
 */

const shortDate = (iso: string) => formatDate(iso).slice(0, 5);

export function PerDayDrawing({ days }: { days: AdminCharts['perDay'] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const width = 600;
  const height = 160;
  const step = width / days.length;
  return (
    <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" role="presentation">
      <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300" />
      <text x="0" y="10" className="fill-slate-500 text-[11px]">
        {max}
      </text>
      {days.map((day, i) => {
        const h = (day.count / max) * (height - 16);
        return (
          <rect
            key={day.date}
            x={i * step + 1}
            y={height - h}
            width={Math.max(1, step - 2)}
            height={h}
            rx="1.5"
            className="fill-brand-600"
          >
            <title>{`${formatDate(day.date)}: ${day.count}`}</title>
          </rect>
        );
      })}
      <text x="0" y={height + 16} className="fill-slate-500 text-[11px]">
        {days[0] ? shortDate(days[0].date) : ''}
      </text>
      <text x={width} y={height + 16} textAnchor="end" className="fill-slate-500 text-[11px]">
        {days.at(-1) ? shortDate(days.at(-1)?.date ?? '') : ''}
      </text>
    </svg>
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
