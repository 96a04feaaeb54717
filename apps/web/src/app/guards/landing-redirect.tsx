import { landingSectionOf } from '@app/domain/dashboard.rules';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** /dashboard itself: each role's main screen (dashboard.rules: Marks Entry for teachers, else Home). */
export function LandingRedirect() {
  const session = useSession();
  const section = session ? landingSectionOf(session.role) : 'home';
  return <Navigate to={paths.dashboard.section.getHref(section)} replace />;
}
