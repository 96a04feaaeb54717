import { messages } from '@app/domain/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { PaymentModal, type PaymentStudent } from './payment-form';

vi.mock('@/components/photo-uploader/photo-uploader', () => import('@/testing/photo-uploader-stub'));

const student: PaymentStudent = {
  studentId: 'S0001',
  studentName: 'Asha Patil',
  amountRemaining: 3850,
  parentsNo: '9822012345',
};

const fetchMock = stubFetch();

function setup(selected: PaymentStudent | null = student) {
  const onClose = vi.fn();
  const { user } = renderInApp(<PaymentModal isOpen student={selected} onClose={onClose} />);
  return { user, onClose };
}

const amount = () => screen.getByLabelText(/^Amount/);
const newRemaining = () => screen.getByLabelText('New Remaining Amount');
const submitButton = () => screen.queryByRole('button', { name: 'Submit Payment' });

/** The Idempotency-Key header of the nth fetch call. */
function keyOf(call: number): string | undefined {
  const headers = fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined;
  return headers?.['Idempotency-Key'];
}

function inTenDays(): string {
  const date = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

describe('PaymentForm', () => {
  it('shows the student and computes the new remaining amount as the amount is typed', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('Student Name')).toHaveProperty('value', 'Asha Patil');
    expect(screen.getByLabelText('Remaining Amount')).toHaveProperty('value', '₹3,850');
    expect(newRemaining()).toHaveProperty('value', '₹3,850');

    await user.type(amount(), '1000');
    expect(newRemaining()).toHaveProperty('value', '₹2,850');
    expect(screen.getByLabelText(/^Due Date/)).toHaveProperty('disabled', false);
  });

  it('offers the payment modes Cash, Online and Cheque', () => {
    setup();
    const options = [...(screen.getByLabelText(/^Payment Mode/) as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['Select payment mode', 'Cash', 'Online', 'Cheque']);
  });

  it('hides Submit Payment until the receipt photo is saved', async () => {
    const { user } = setup();
    expect(submitButton()).toBeNull();
    expect(screen.getByText(messages.receiptPhotoFirst)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    expect(submitButton()).not.toBeNull();
    expect(screen.queryByText(messages.receiptPhotoFirst)).toBeNull();
  });

  it('says an amount above the remaining is too much and hides Submit Payment', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    await user.type(amount(), '4000');

    expect(screen.getByText(messages.amountAbovePending)).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(submitButton()).toBeNull();

    await user.clear(amount());
    await user.type(amount(), '3000');
    expect(screen.queryByText(messages.amountAbovePending)).toBeNull();
    expect(submitButton()).not.toBeNull();
  });

  it('clears and disables the due date when nothing would remain', async () => {
    const { user } = setup();
    const dueDate = inTenDays();
    await user.type(screen.getByLabelText(/^Due Date/), dueDate);
    expect(screen.getByLabelText(/^Due Date/)).toHaveProperty('value', dueDate);

    await user.type(amount(), '3850');
    expect(newRemaining()).toHaveProperty('value', '₹0');
    const field = screen.getByLabelText(messages.dueDateNotRequired);
    expect(field).toHaveProperty('disabled', true);
    await waitFor(() => expect(field).toHaveProperty('value', ''));
  });

  it('rejects an amount of 0 on submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    await user.type(amount(), '0');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));

    expect(await screen.findByText(messages.paymentAmountInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the payment with an Idempotency-Key, and the same key when the same submission is retried', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ message: 'Failed' }, { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    const { user, onClose } = setup();
    await user.type(amount(), '1000.5');
    await user.type(screen.getByLabelText(/^Due Date/), inTenDays());
    await user.selectOptions(screen.getByLabelText(/^Payment Mode/), 'Cheque');
    await user.type(screen.getByLabelText('Receipt Book No.'), '123');
    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));

    expect(await screen.findByText(messages.paymentFailed)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/counsellor/makePayment');
    expect(JSON.parse(String(init?.body))).toEqual({
      studentId: 'S0001',
      receiptNo: '123',
      amountPaid: 1000.5,
      paymentMode: 'Cheque',
      newRemainingAmount: 2849.5,
      newDueDate: inTenDays(),
      receiptPhoto: '/api/files/Receipt-Photo.jpg',
    });
    const firstKey = keyOf(0);
    expect(firstKey).toMatch(/^[\w-]{8,100}$/);

    fetchMock.mockResolvedValue(
      Response.json(
        {
          message: 'Payment Successful !!',
          paymentId: 7,
          receiptNumber: '2026-27/000007',
          amountRemaining: 2849.5,
          dueDate: inTenDays(),
        },
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    // The form gives way to the receipt number and the next steps.
    const done = await screen.findByRole('region', { name: messages.paymentSuccessful });
    expect(keyOf(1)).toBe(firstKey);
    expect(done.textContent).toContain('2026-27/000007');
    expect(within(done).getByRole('button', { name: 'View / Print Receipt' })).toBeTruthy();
    const whatsApp = within(done).getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href') ?? '';
    expect(whatsApp.startsWith('https://wa.me/919822012345?text=')).toBe(true);
    const text = decodeURIComponent(whatsApp.split('?text=')[1] ?? '');
    expect(text).toContain('₹1,000.50');
    expect(text).toContain('2026-27/000007');
    expect(text).toContain('₹2,849.50');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps what was typed as this student's draft, without the receipt photo, and offers it back only for them", async () => {
    const first = setup();
    await first.user.type(screen.getByLabelText('Receipt Book No.'), '4410');
    await first.user.type(amount(), '1200');
    await first.user.selectOptions(screen.getByLabelText(/^Payment Mode/), 'Online');
    await first.user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    cleanup();
    const stored = JSON.parse(localStorage.getItem('paymentDraft:S0001') ?? '{}');
    expect(stored).toMatchObject({ receiptNo: '4410', amountPaid: '1200', paymentMode: 'Online' });
    expect(stored).not.toHaveProperty('receiptPhoto');

    // Another student's payment starts empty, with nothing offered.
    setup({ ...student, studentId: 'S0002', studentName: 'Ravi More' });
    expect(screen.queryByRole('button', { name: 'Load Draft' })).toBeNull();
    cleanup();

    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Load Draft' }));
    expect(screen.getByLabelText('Receipt Book No.')).toHaveProperty('value', '4410');
    expect(amount()).toHaveProperty('value', '1200');
    expect(newRemaining()).toHaveProperty('value', '₹2,650');
    expect(screen.getByRole('button', { name: 'Save Receipt Photo' })).toBeTruthy();
  });

  it('shows the server message of a 409 inline', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { message: messages.balanceChanged },
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    );
    const { user } = setup();
    await user.type(amount(), '3850');
    await user.selectOptions(screen.getByLabelText(/^Payment Mode/), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.balanceChanged);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).not.toHaveProperty('newDueDate');
    expect(body).not.toHaveProperty('receiptNo');
  });

  it('says so when no student is selected', () => {
    setup(null);
    expect(screen.getByText(messages.noStudentSelected)).toBeTruthy();
  });
});
