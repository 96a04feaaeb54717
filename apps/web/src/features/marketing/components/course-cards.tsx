import { courses } from '../content';

/** The 10th and 12th programmes side by side (one column on phones). */
export function CourseCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {courses.map((course) => (
        <li key={course.standard} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="w-fit rounded-full bg-accent-400/25 px-3 py-1 text-sm font-semibold text-amber-800">
            {course.standard}
          </span>
          <h3 className="mt-3 text-xl font-semibold text-slate-900">{course.title}</h3>
          <ul className="mt-4 space-y-2 text-slate-700">
            <li className="flex gap-2">
              <Tick /> {course.months}-month programme
            </li>
            <li className="flex gap-2">
              <Tick /> {course.mockTests} full-length mock tests
            </li>
            <li className="flex gap-2">
              <Tick /> {course.papers}
            </li>
          </ul>
        </li>
      ))}
    </ul>
  );
}

function Tick() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-green-600" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}
