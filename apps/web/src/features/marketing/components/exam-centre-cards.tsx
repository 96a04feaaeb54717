import { examCentres } from '../content';

export function ExamCentreCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {examCentres.map((centre) => (
        <li
          key={centre.city}
          className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 21s-7-6.1-7-11a7 7 0 1 1 14 0c0 4.9-7 11-7 11Z" />
              <circle cx="12" cy="10" r="2.5" />
            </svg>
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{centre.city}</h3>
            <p className="text-slate-600">Capacity: {centre.capacity} students</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
