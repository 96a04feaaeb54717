import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/react-query';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { AddUserForm } from './add-user-form';

const fetchMock = stubFetch();
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

/** The app's query client: a failed mutation is toasted unless the form says it (as in app/provider.tsx). */
function AppQueryClient({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [queryClient] = useState(() => createQueryClient({ notifyError: toast.error }));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

function setup() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <AppQueryClient>
        <AddUserForm onClose={onClose} />
      </AppQueryClient>
    </ToastProvider>,
  );
  return { user, onClose };
}

async function fillTeacher(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Sneha Kale');
  await user.type(screen.getByLabelText(/^Email/), 'sneha@example.com');
  await user.selectOptions(screen.getByLabelText(/^Role/), 'teacher');
  await user.type(screen.getByLabelText(/^Contact Number/), '9876543210');
  await user.type(screen.getByLabelText(/^Date of Birth/), '1990-01-01');
  await user.type(screen.getByLabelText(/^Password/), 'secret-123');
  await user.type(screen.getByLabelText(/^Re-enter Password/), 'secret-123');
}

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

describe('AddUserForm server errors', () => {
  it('shows a 400 with field issues once, on its field, without a toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: messages.invalidEmail,
        code: 'BAD_REQUEST',
        issues: [{ path: 'email', message: messages.invalidEmail }],
      }),
    );
    const { user, onClose } = setup();
    await fillTeacher(user);
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(messages.invalidEmail)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says a refusal without field issues once: the server's message", async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: messages.emailTaken, code: 'CONFLICT' }));
    const { user } = setup();
    await fillTeacher(user);
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText(messages.emailTaken)).toBeTruthy();
    expect(screen.getAllByText(messages.emailTaken)).toHaveLength(1);
  });
});
