import { ApiCardList } from './api-card-list';

/**
 * The exam centres from the database (GET /api/public/examCentres), filled in by
 * `behaviours/exam-centres.ts` from the card template below. `limit` shows only the first few.
 */
export function ExamCentreList({ limit }: { limit?: number }) {
  return (
    <ApiCardList
      name="exam-centres"
      placeholderClassName="h-28"
      limit={limit}
      className={limit ? undefined : 'min-h-[60vh]'}
    >
      <li className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="24"
            height="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 21s-7-6.1-7-11a7 7 0 1 1 14 0c0 4.9-7 11-7 11Z" />
            <circle cx="12" cy="10" r="2.5" />
          </svg>
        </span>
        <div className="min-w-0">
          <h3 data-field="centerName" className="text-lg font-semibold text-slate-900">
            Exam centre
          </h3>
          <p data-field="collegeName" className="text-slate-600" />
          <p data-field="city" className="text-sm font-medium text-brand-700" />
        </div>
      </li>
    </ApiCardList>
  );
}
