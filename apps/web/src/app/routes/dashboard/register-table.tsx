import { RegistrationsTable } from '@/features/registrations/components/registrations-table';

/** SPEC §2 Registration Table (dashboard/registertable, counsellor and admin). */
export function RegisterTableRoute() {
  return <RegistrationsTable />;
}
