import { OverdueList } from '@/features/home/components/overdue-list';

/** Overdue Fees (dashboard/overdue, counsellor and admin): students to call about their fees. */
export function OverdueRoute() {
  return <OverdueList />;
}
