import type { SessionUser } from '@app/domain/users.schemas';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { endSession, startSession } from '@/lib/session';

export const signedInAdmin: SessionUser = {
  token: 'admin-token',
  uuid: '4f6c1c1e-3b7a-4d7e-9a51-2f0d2c9c1a11',
  name: 'Asha Kulkarni',
  userName: 'asha',
  email: 'asha@example.com',
  role: 'admin',
  branch: null,
  expiresAt: Date.now() + 60 * 60 * 1000,
};

/** A JSON answer as the API sends it. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * For the tests of one file: `fetch` replaced by the mock answered here; after each test the page is
 * unmounted, the mock reset and localStorage emptied (form drafts are kept there).
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/**
 * `stubFetch`, with an admin signed in and `onUnauthorized` as what the client calls after a 401 (the
 * router's sign-out).
 */
export function stubApi() {
  const fetchMock = stubFetch();
  const onUnauthorized = vi.fn<() => void>();
  beforeEach(() => {
    setUnauthorizedHandler(onUnauthorized);
    startSession(signedInAdmin);
  });
  afterEach(() => {
    endSession();
    setUnauthorizedHandler(() => {});
    onUnauthorized.mockReset();
  });
  return { fetchMock, onUnauthorized };
}
