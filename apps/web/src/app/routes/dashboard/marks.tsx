import { MarksEntry } from '@/features/exam/components/marks-entry';

/** Marks Entry (dashboard/marks, teacher and admin). */
export function MarksRoute() {
  return <MarksEntry />;
}
