import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';

/**
 * Renders `ui` inside what the app gives it: a query client of its own (no retries) and the toasts;
 * with `router`, a MemoryRouter too. Answers a user to act with.
 */
export function renderInApp(ui: ReactElement, { router = false } = {}) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{router ? <MemoryRouter>{ui}</MemoryRouter> : ui}</ToastProvider>
    </QueryClientProvider>,
  );
  return { user };
}
