import { stats } from '../content';
import { ExamCentreCount } from './exam-centre-count';

/** The headline figures; `behaviours/count-up.ts` counts them up when half of the band is in view. */
export function StatsBand() {
  return (
    <dl data-count-up className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200"
        >
          <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
          <dd className="order-first text-3xl font-bold text-brand-800 tabular-nums sm:text-4xl">
            {stat.isExamCentreCount ? (
              <ExamCentreCount countsUp />
            ) : (
              <span data-count-to={stat.value}>{stat.value}</span>
            )}
            {stat.suffix}
          </dd>
        </div>
      ))}
    </dl>
  );
}
