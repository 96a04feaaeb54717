import type { SessionUser } from '@app/domain/users.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { endSession, getSession, startSession } from '@/lib/session';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { SessionWarning } from './session-warning';

const fetchMock = stubFetch();
const notifyError = vi.fn<(message: string) => void>();

const signedIn: SessionUser = {
  token: 'old-token',
  uuid: '4f6c1c1e-3b7a-4d7e-9a51-2f0d2c9c1a11',
  name: 'Priya Deshmukh',
  userName: 'priya',
  email: 'priya@example.com',
  role: 'counsellor',
  branch: 'Pune',
  expiresAt: Date.now() + 4 * 60 * 1000,
};

function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient({ notifyError })}>
      <SessionWarning />
    </QueryClientProvider>,
  );
  return { user };
}

const banner = () => screen.queryByRole('region', { name: 'Session ending' });

afterEach(() => {
  cleanup();
  act(() => endSession());
  notifyError.mockReset();
});

describe('SessionWarning', () => {
  it('stays hidden while more than five minutes are left', () => {
    act(() => startSession(signedIn, 6 * 60 * 1000));
    setup();
    expect(banner()).toBeNull();
  });

  it('shows the time left, kept in view under the top bar, with "Stay signed in" as its action', () => {
    act(() => startSession(signedIn, 4 * 60 * 1000 + 5_000));
    setup();
    expect(banner()?.textContent).toMatch(/Your session ends in 4:0\d\./);
    expect(banner()?.className).toMatch(/\bsticky\b.*\btop-14\b/);
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /sign in again/i })).toBeNull();
  });

  it('"Stay signed in" renews the session with the current token and stores the new one as a login does', async () => {
    act(() => startSession(signedIn, 3 * 60 * 1000));
    const renewed = { ...signedIn, token: 'new-token', expiresAt: Date.now() + 60 * 60 * 1000 };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, renewed));
    const { user } = setup();
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));

    await waitFor(() => expect(banner()).toBeNull());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/renew');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer old-token');
    expect(getSession()?.token).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').token).toBe('new-token');
    const expiry = Number(localStorage.getItem('tokenExpiry'));
    expect(expiry).toBeGreaterThanOrEqual(before + 60 * 60 * 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it('says so when the renewal fails, and keeps the warning', async () => {
    act(() => startSession(signedIn, 3 * 60 * 1000));
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Something went wrong', code: 'INTERNAL' }));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Something went wrong'));
    expect(getSession()?.token).toBe('old-token');
    expect(banner()).not.toBeNull();
  });
});
