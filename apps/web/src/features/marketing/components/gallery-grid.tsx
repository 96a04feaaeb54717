const moments = [
  { caption: 'Exam hall', tone: 'from-brand-700 to-brand-500' },
  { caption: 'Hall ticket check', tone: 'from-amber-500 to-amber-300' },
  { caption: 'Mock test papers', tone: 'from-emerald-600 to-emerald-400' },
  { caption: 'Study books', tone: 'from-sky-600 to-sky-400' },
  { caption: 'Result day', tone: 'from-rose-600 to-rose-400' },
  { caption: 'Toppers’ felicitation', tone: 'from-violet-600 to-violet-400' },
];

/** Moments of an exam season, as illustrated tiles until photos are added. */
export function GalleryGrid() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {moments.map((moment) => (
        <li key={moment.caption}>
          <figure
            className={`flex aspect-[4/3] flex-col justify-end rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm ${moment.tone}`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mb-auto size-8 opacity-80"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="10" r="1.5" />
              <path d="m21 16-5-5-8 8" />
            </svg>
            <figcaption className="text-sm font-semibold sm:text-base">{moment.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
