import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Signed-out visitors go to /login (SPEC §2, first guard). */
export function RequireAuth() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.login.getHref()} replace />;
}
