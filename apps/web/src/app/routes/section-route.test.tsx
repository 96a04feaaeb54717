import { dashboardSections } from '@app/domain/dashboard.rules';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { endSession, startSession } from '@/lib/session';
import { RouteError } from './route-error';
import { sectionRoute } from './section-route';

const sectionOf = (path: string) => {
  const section = dashboardSections.find((candidate) => candidate.path === path);
  if (!section) throw new Error(`no section ${path}`);
  return section;
};

function BrokenScreen(): never {
  throw new Error('a screen that cannot render');
}

const Welcome = () => <p>Welcome to Home</p>;
const Users = () => <p>The users</p>;

/** The dashboard as the router builds it: the shell, and each section through `sectionRoute`. */
function renderDashboard(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              sectionRoute(sectionOf('home'), Welcome),
              sectionRoute(sectionOf('registertable'), BrokenScreen),
              sectionRoute(sectionOf('user'), Users),
            ],
          },
          { path: 'broken', element: <BrokenScreen /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  startSession({
    token: 'token',
    uuid: '5b0f1c7e-0000-4000-8000-000000000001',
    name: 'Asha Admin',
    userName: 'asha',
    email: 'asha@example.com',
    role: 'admin',
    branch: null,
    expiresAt: Date.now() + 3_600_000,
  });
  // The thrown error is reported, as it should be; it is not this test's output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  endSession();
  vi.restoreAllMocks();
});

describe('a dashboard section that fails', () => {
  it('replaces only that page: the menu stays, and the other sections still open', async () => {
    const router = renderDashboard('/dashboard/registertable');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Register Table' })).toBeTruthy();
    expect(console.error).toHaveBeenCalled();

    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    await userEvent.click(within(menu).getByRole('link', { name: 'User Details' }));
    expect(await screen.findByText('The users')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/user');
  });

  it('leads back to Home', async () => {
    const router = renderDashboard('/dashboard/registertable');
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByText('Welcome to Home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('reloads the page on request', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderDashboard('/dashboard/registertable');
    const alert = await screen.findByRole('alert');
    await act(() => userEvent.click(within(alert).getByRole('button', { name: 'Reload page' })));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a public page that fails', () => {
  it('shows what happened, with Refresh and a way Home', async () => {
    renderDashboard('/broken');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});
