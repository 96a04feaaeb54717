import { messages } from '@app/domain/messages';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { formatCurrency } from '@/lib/format';

/** One figure of a Home screen, linking to the list behind it. */
export function FigureCard({
  label,
  value,
  href,
  tone = 'plain',
}: {
  label: string;
  value: string;
  href: string;
  tone?: 'plain' | 'warn';
}) {
  return (
    <Link
      to={href}
      className="flex min-h-24 flex-col justify-between rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4"
    >
      <span className="text-sm text-slate-600">{label}</span>
      <span
        className={`mt-1 text-xl font-semibold tabular-nums sm:text-2xl ${tone === 'warn' ? 'text-amber-700' : 'text-slate-900'}`}
      >
        {value}
      </span>
    </Link>
  );
}

/** What a Home figure shows: a number of the figures' answer, and the dashboard section behind it. */
export type Figure<Figures> = {
  label: string;
  of: (figures: Figures) => number;
  section: string;
  isMoney?: boolean;
  /** Shown as a warning while above 0 (students overdue, settlements to verify). */
  isWarnWhenAny?: boolean;
};

/** A Home screen's figures: '…' while they load, a retry if they fail. */
export function FigureGrid<Figures>({
  label,
  figures,
  query: { data, isError, refetch },
}: {
  label: string;
  figures: readonly Figure<Figures>[];
  /** The figures' query. */
  query: { data: Figures | undefined; isError: boolean; refetch: () => unknown };
}) {
  if (isError) return <LoadError message={messages.failedToLoadData} onRetry={() => refetch()} />;
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {figures.map((figure) => {
        const value = data === undefined ? undefined : figure.of(data);
        return (
          <FigureCard
            key={figure.label}
            label={figure.label}
            value={value === undefined ? '…' : figure.isMoney ? formatCurrency(value) : String(value)}
            href={paths.dashboard.section.getHref(figure.section)}
            tone={figure.isWarnWhenAny && value !== undefined && value > 0 ? 'warn' : 'plain'}
          />
        );
      })}
    </section>
  );
}
