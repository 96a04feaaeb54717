import type { Role } from '@app/domain/roles';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** A user whose role is not in the route's list goes to /login (SPEC §2, second guard). */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession();
  return session && roles.includes(session.role) ? children : <Navigate to={paths.login.getHref()} replace />;
}
