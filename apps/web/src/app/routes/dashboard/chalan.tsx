import { ChallanManagement } from '@/features/books/components/challan-management';

/** SPEC §2 Challan Management System (dashboard/chalan, admin). */
export function ChallanRoute() {
  return <ChallanManagement />;
}
