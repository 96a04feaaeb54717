import { VisitingForm } from '@/features/visiting/components/visiting-form';

/** SPEC §2 Student Visiting Form (dashboard/visiting, counsellor). */
export function VisitingRoute() {
  return <VisitingForm />;
}
