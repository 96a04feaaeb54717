import { Link } from 'react-router';

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

export function FigureGrid({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {children}
    </section>
  );
}
