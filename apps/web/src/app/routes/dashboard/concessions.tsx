import { ConcessionsScreen } from '@/features/courses/components/concessions-screen';

/** Concessions (dashboard/concessions; issue 25): counsellors ask, admins approve or reject. */
export function ConcessionsRoute() {
  return <ConcessionsScreen />;
}
