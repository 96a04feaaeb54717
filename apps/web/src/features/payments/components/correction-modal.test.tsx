import { messages } from '@app/domain/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { aPayment } from '@/testing/payments';
import { renderInApp } from '@/testing/render-in-app';
import { CorrectionModal } from './correction-modal';

const fetchMock = stubFetch();

const receipt = aPayment();

const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

describe('CorrectionModal', () => {
  it('asks the reason before it cancels, then sends it with the receipt', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { message: 'Receipt cancelled', amountPaid: 0, amountRemaining: 5850, dueDate: '2026-12-20' }),
    );
    const onClose = vi.fn();
    const { user } = renderInApp(
      <CorrectionModal
        correction={{ kind: 'cancel', payment: receipt, studentName: 'Asha Patil' }}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('2026-27/000042')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel Receipt' }));
    expect(await screen.findByText('Give the reason')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Reason/), 'Entered against the wrong student');
    await user.click(screen.getByRole('button', { name: 'Cancel Receipt' }));
    // The machine is shared: the answer may take more than waitFor's default second to settle.
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/admin/payments/42/cancel');
    expect(bodyOf(0)).toEqual({ reason: 'Entered against the wrong student' });
  });

  it('chooses no refund mode for the admin: without one, it asks and sends nothing', async () => {
    const { user } = renderInApp(
      <CorrectionModal
        correction={{ kind: 'refund', payment: receipt, studentName: 'Asha Patil' }}
        onClose={vi.fn()}
      />,
    );
    expect((screen.getByLabelText(/^Mode/) as HTMLSelectElement).value).toBe('');
    await user.type(screen.getByLabelText(/^Amount/), '500');
    await user.type(screen.getByLabelText(/^Reason/), 'Family moved');
    await user.click(screen.getByRole('button', { name: 'Record Refund' }));
    expect(await screen.findByText(messages.paymentModeInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a refund in rupees with its mode, date and reason, and shows a refusal without closing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { message: 'Refund must be greater than 0 and at most what was paid on this receipt' }),
    );
    const onClose = vi.fn();
    const { user } = renderInApp(
      <CorrectionModal
        correction={{ kind: 'refund', payment: receipt, studentName: 'Asha Patil' }}
        onClose={onClose}
      />,
    );
    await user.type(screen.getByLabelText(/^Amount/), '2500');
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'Cheque');
    await user.type(screen.getByLabelText(/^Reason/), 'Family moved');
    await user.click(screen.getByRole('button', { name: 'Record Refund' }));
    expect(
      await screen.findByText('Refund must be greater than 0 and at most what was paid on this receipt'),
    ).toBeTruthy();
    expect(bodyOf(0)).toMatchObject({ paymentId: 42, amount: 2500, refundMode: 'Cheque', reason: 'Family moved' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
