import { courses } from '../content';

/**
 * SPEC §2: courses with a 10th/12th tab (SPEC §9 programme facts). Both panels are in the page;
 * `behaviours/tabs.ts` shows one at a time (arrow keys move between the tabs).
 */
export function CourseTabs() {
  return (
    <div data-tabs>
      <div role="tablist" aria-label="Courses" className="inline-flex rounded-xl bg-slate-200 p-1">
        {courses.map((course, index) => (
          <button
            key={course.standard}
            type="button"
            role="tab"
            id={`course-tab-${course.standard}`}
            aria-controls={`course-panel-${course.standard}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
            className="min-h-11 rounded-lg px-5 font-semibold text-slate-700 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm"
          >
            {course.standard}
          </button>
        ))}
      </div>
      {courses.map((course, index) => (
        <div
          key={course.standard}
          role="tabpanel"
          id={`course-panel-${course.standard}`}
          aria-labelledby={`course-tab-${course.standard}`}
          hidden={index !== 0}
          className="mt-5 grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:grid-cols-[3fr_2fr]"
        >
          <div>
            <h3 className="text-xl font-semibold text-slate-900">{course.title}</h3>
            <p className="mt-2 text-slate-600">{course.summary}</p>
            <ul className="mt-4 space-y-2 text-slate-700">
              {course.includes.map((item) => (
                <li key={item} className="flex gap-2">
                  <Tick /> {item}
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid gap-2 self-start text-center sm:grid-cols-3 md:grid-cols-1">
            <Fact term="Programme" value={`${course.months} months`} />
            <Fact term="Mock tests" value={String(course.mockTests)} />
            <Fact term="Board papers" value={course.papers} />
          </dl>
        </div>
      ))}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col rounded-xl bg-brand-50 p-3">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{term}</dt>
      <dd className="order-first font-bold text-brand-800 sm:text-lg">{value}</dd>
    </div>
  );
}

function Tick() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      className="mt-0.5 size-5 shrink-0 text-green-600"
      fill="currentColor"
    >
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}
