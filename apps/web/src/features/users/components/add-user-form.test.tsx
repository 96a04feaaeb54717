import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { AddUserForm } from './add-user-form';

const fetchMock = vi.fn<typeof fetch>();
const created: User = {
  uuid: '2d3c4b5a-6f7e-4a8b-9c0d-1e2f3a4b5c6d',
  name: 'Sneha Kale',
  userName: 'sneha',
  email: 'sneha@example.com',
  role: 'teacher',
  contactNum: '9876543210',
  branch: null,
  commission: 0,
  dob: '1990-01-01',
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};

function setup() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AddUserForm onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user, onClose };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('AddUserForm draft', () => {
  it('keeps what was typed, never the passwords, and offers it back; a created user removes it', async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText(/^Name/), 'Sneha Kale');
    await first.user.type(screen.getByLabelText(/^Email/), 'sneha@example.com');
    await first.user.selectOptions(screen.getByLabelText(/^Role/), 'teacher');
    await first.user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await first.user.type(screen.getByLabelText(/^Re-enter Password/), 'secret-123');
    cleanup();
    const stored = localStorage.getItem('addUserDraft') ?? '';
    expect(JSON.parse(stored)).toMatchObject({ name: 'Sneha Kale', email: 'sneha@example.com', role: 'teacher' });
    expect(stored).not.toContain('secret-123');
    expect(stored).not.toMatch(/password/i);

    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Load Draft' }));
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Sneha Kale');
    expect(screen.getByLabelText(/^Role/)).toHaveProperty('value', 'teacher');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', '');

    fetchMock.mockResolvedValue(
      Response.json(
        { message: messages.userCreated, data: created },
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );
    await user.type(screen.getByLabelText(/^Contact Number/), '9876543210');
    await user.type(screen.getByLabelText(/^Date of Birth/), '1990-01-01');
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await user.type(screen.getByLabelText(/^Re-enter Password/), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    cleanup();
    expect(localStorage.getItem('addUserDraft')).toBeNull();
  });
});
