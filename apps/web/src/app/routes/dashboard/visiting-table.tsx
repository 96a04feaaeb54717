import { VisitingTable } from '@/features/visiting/components/visiting-table';

/** SPEC §2 Visiting Table (dashboard/visitingtable, counsellor and admin). */
export function VisitingTableRoute() {
  return <VisitingTable />;
}
