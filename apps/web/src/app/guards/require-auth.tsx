import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { loginStateFrom } from '@/lib/return-path';
import { useSession } from '@/lib/session';

/** Signed-out visitors go to /login (SPEC §2, first guard), which brings them back here after signing in. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  return session ? <Outlet /> : <Navigate to={paths.login.getHref()} replace state={loginStateFrom(location)} />;
}
