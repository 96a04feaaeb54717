import { ApiCardList } from './api-card-list';

/**
 * The open session's courses and fees from the database (GET /api/public/courses, issue 25), filled in
 * by `behaviours/course-fees.ts` from the card template below: the page stays static, the fees current.
 */
export function CourseFeeList() {
  return (
    <ApiCardList name="course-fees" placeholderClassName="h-32">
      <li className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 data-field="name" className="text-lg font-semibold text-slate-900">
          Course
        </h3>
        <p className="text-sm font-medium text-brand-700">
          <span data-field="standard" /> · <span data-field="branches" />
        </p>
        <p data-field="fee" className="text-2xl font-bold text-brand-800" />
        <p data-field="instalments" className="text-sm text-slate-600" />
      </li>
    </ApiCardList>
  );
}
