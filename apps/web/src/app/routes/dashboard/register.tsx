import { RegistrationForm } from '@/features/registrations/components/registration-form';

/** SPEC §2 Student Registration Form (dashboard/register, counsellor). */
export function RegisterRoute() {
  return <RegistrationForm />;
}
