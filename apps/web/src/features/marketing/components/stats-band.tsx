import { stats } from '../content';

/** The four headline figures. */
export function StatsBand() {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200"
        >
          <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
          <dd className="order-first text-3xl font-bold text-brand-800 sm:text-4xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
