import { OnlineTestsScreen } from '@/features/online-tests/components/online-tests-screen';

/** Online Tests (dashboard/onlinetests, teacher and admin; issue 28). */
export function OnlineTestsRoute() {
  return <OnlineTestsScreen />;
}
