import { paths } from '@/config/paths';

/** What the sign-in page is given when a session ends: where the user was. */
export type LoginState = { from: string };

type PlaceLike = { pathname: string; search?: string; hash?: string };

/** The state for a redirect to /login from `place` (only dashboard pages are returned to). */
export function loginStateFrom(place: PlaceLike): LoginState | undefined {
  if (!place.pathname.startsWith(paths.dashboard.root.getHref())) return undefined;
  return { from: `${place.pathname}${place.search ?? ''}${place.hash ?? ''}` };
}

/**
 * Where to go after signing in: the dashboard page the user was on, or the dashboard. Only a path
 * inside the dashboard is trusted (no other site, no '//host').
 */
export function returnPathOf(state: unknown): string {
  const fallback = paths.dashboard.root.getHref();
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const { from } = state;
  if (typeof from !== 'string' || from.startsWith('//')) return fallback;
  return from === fallback || from.startsWith(`${fallback}/`) || from.startsWith(`${fallback}?`) ? from : fallback;
}
