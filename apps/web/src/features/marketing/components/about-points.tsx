import { aboutPoints } from '../content';

/** What the institute does, in four cards. */
export function AboutPoints() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {aboutPoints.map((point) => (
        <li key={point.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{point.title}</h3>
          <p className="mt-2 text-slate-600">{point.text}</p>
        </li>
      ))}
    </ul>
  );
}
