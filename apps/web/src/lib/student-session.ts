import type { StudentSession } from '@app/domain/online-tests.schemas';
import { useSyncExternalStore } from 'react';

/**
 * A student's own session (issue 28), kept apart from the staff session (lib/session.ts): its own
 * localStorage key, its own token. The API client sends it only to /api/student routes.
 */
const KEY = 'studentSession';
type Listener = () => void;
const listeners = new Set<Listener>();

function readStored(): StudentSession | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { token, expiresAt, studentId, studentName } = value as Record<string, unknown>;
    const ok =
      typeof token === 'string' &&
      typeof expiresAt === 'number' &&
      typeof studentId === 'string' &&
      typeof studentName === 'string' &&
      Date.now() < expiresAt;
    return ok ? (value as StudentSession) : null;
  } catch {
    return null;
  }
}

let current: StudentSession | null = readStored();

function publish(next: StudentSession | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function getStudentSession(): StudentSession | null {
  if (current && Date.now() >= current.expiresAt) endStudentSession();
  return current;
}

export function startStudentSession(session: StudentSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  publish(session);
}

export function endStudentSession(): void {
  localStorage.removeItem(KEY);
  if (current) publish(null);
}

export function useStudentSession(): StudentSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStudentSession,
    () => null,
  );
}
