import { type Role, roles } from '@app/domain/roles';
import { SESSION_CHECK_INTERVAL_MS, SESSION_LIFETIME_MS, SESSION_STORAGE_KEYS } from '@app/domain/session.rules';
import type { SessionUser } from '@app/domain/users.schemas';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The signed-in user (SPEC §4 Session): localStorage `user` holds the login response,
 * `tokenExpiry` its expiry in ms. One store for the whole app; components read it with `useSession`.
 */
type Listener = () => void;

function removeStored(): void {
  localStorage.removeItem(SESSION_STORAGE_KEYS.user);
  localStorage.removeItem(SESSION_STORAGE_KEYS.expiry);
}

/**
 * Enough of a shape check to trust what localStorage holds. (Not the zod schema: that would put
 * zod on every public page; the login response itself is parsed with `sessionUser`.)
 */
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const { token, uuid, name, role } = value as Record<string, unknown>;
  return (
    typeof token === 'string' && typeof uuid === 'string' && typeof name === 'string' && roles.includes(role as Role)
  );
}

/** The stored user, only while its expiry has not passed (on load, anything else is removed: SPEC §4). */
function readStored(): SessionUser | null {
  const expiry = Number(localStorage.getItem(SESSION_STORAGE_KEYS.expiry));
  const raw = localStorage.getItem(SESSION_STORAGE_KEYS.user);
  if (raw && Number.isFinite(expiry) && Date.now() < expiry) {
    try {
      const stored: unknown = JSON.parse(raw);
      if (isSessionUser(stored)) return stored;
    } catch {
      // Unreadable JSON: no session.
    }
  }
  return null;
}

const listeners = new Set<Listener>();
/** The build's prerender of the first paint (scripts/prerender.mjs) runs without storage: no one is signed in. */
const hasStorage = typeof localStorage !== 'undefined';
let current: SessionUser | null = hasStorage ? readStored() : null;
if (!current && hasStorage) removeStored();

function publish(next: SessionUser | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionUser | null {
  return current;
}

/** When the current session ends (ms), or null when signed out. */
export function getSessionExpiry(): number | null {
  return current ? Number(localStorage.getItem(SESSION_STORAGE_KEYS.expiry)) : null;
}

/** Login: stores the user and a new expiry, `lifetimeMs` from now. */
export function startSession(user: SessionUser, lifetimeMs: number = SESSION_LIFETIME_MS): void {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(SESSION_STORAGE_KEYS.expiry, String(Date.now() + lifetimeMs));
  publish(user);
}

/** Logout: removes both keys. */
export function endSession(): void {
  removeStored();
  if (current) publish(null);
}

/** Signs out once the stored expiry has passed. */
function checkExpiry(): void {
  const expiry = getSessionExpiry();
  if (expiry !== null && !(Date.now() < expiry)) endSession();
}

/** Checks the expiry every 60 s and follows sign-ins and sign-outs made in other tabs. Returns a cleanup. */
export function watchSession(): () => void {
  const timer = window.setInterval(checkExpiry, SESSION_CHECK_INTERVAL_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEYS.user || event.key === SESSION_STORAGE_KEYS.expiry) {
      publish(readStored());
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}

/** Calls `listener` after every sign-in and sign-out. Returns the unsubscribe. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSession);
}

const TICK_MS = 1000;

/**
 * The time left in the session (ms), updated every second; null when signed out. At zero the
 * session ends at once (not at the next 60 s check), so the countdown and the sign-out agree.
 */
export function useSessionTimeLeft(): number | null {
  const session = useSession();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!session) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      checkExpiry();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [session]);
  const expiry = session ? getSessionExpiry() : null;
  return expiry === null ? null : Math.max(0, expiry - now);
}
