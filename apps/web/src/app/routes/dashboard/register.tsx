import { funnelEnquiry } from '@app/domain/funnel.schemas';
import { visitingRecord } from '@app/domain/visiting.schemas';
import { useLocation } from 'react-router';
import { RegistrationForm } from '@/features/registrations/components/registration-form';

/** The enquiry the Visiting Table's (or the follow-ups') 'Register this student' passes along, if any (and well formed). */
function enquiryOf(state: unknown) {
  if (typeof state !== 'object' || state === null || !('enquiry' in state)) return undefined;
  const parsed = visitingRecord.or(funnelEnquiry).safeParse(state.enquiry);
  return parsed.success ? parsed.data : undefined;
}

/** SPEC §2 Student Registration Form (dashboard/register, counsellor); pre-filled when opened from an enquiry. */
export function RegisterRoute() {
  const enquiry = enquiryOf(useLocation().state);
  return <RegistrationForm key={enquiry?.id ?? 'new'} enquiry={enquiry} />;
}
