import { type StudentStatus, studentStatusLabels } from '@app/domain/students.rules';

/** Beside a withdrawn (inactive) student's name in the lists (issue 25); nothing for an active one. */
export function WithdrawnBadge({ status }: { status: StudentStatus | undefined }) {
  if (status !== 'inactive') return null;
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      {studentStatusLabels.inactive}
    </span>
  );
}
