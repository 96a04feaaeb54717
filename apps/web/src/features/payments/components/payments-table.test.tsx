import type { PaymentSummary } from '@app/domain/payments.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { aPayment } from '@/testing/payments';
import { renderInApp } from '@/testing/render-in-app';
import { PaymentsTable } from './payments-table';

const { fetchMock } = stubApi();

const summary = (studentId: string, studentName: string, status: 'active' | 'inactive'): PaymentSummary => ({
  studentId,
  studentName,
  amountPaid: 2000,
  amountRemaining: 3850,
  dueDate: '2026-12-20',
  status,
  payments: [aPayment({ paymentId: Number(studentId.slice(-2)), receiptNumber: `2026-27/0000${studentId.slice(-2)}` })],
  refunds: [],
});

describe('PaymentsTable (Payment Records)', () => {
  it('marks a withdrawn student Withdrawn, an active one not, and offers no new payment (issue 25)', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, {
        data: [summary('2600011', 'Asha Patil', 'inactive'), summary('2600012', 'Ravi More', 'active')],
        totalCount: 2,
        totalPages: 1,
      }),
    );
    renderInApp(<PaymentsTable />, { router: true });
    const withdrawn = (await screen.findAllByText('Asha Patil', {}, { timeout: 10_000 }))[0]?.closest('tr, li');
    const active = screen.getAllByText('Ravi More')[0]?.closest('tr, li');
    if (!(withdrawn instanceof HTMLElement) || !(active instanceof HTMLElement)) throw new Error('rows expected');
    expect(within(withdrawn).getByText('Withdrawn')).toBeTruthy();
    expect(within(active).queryByText('Withdrawn')).toBeNull();
    expect(screen.queryByRole('button', { name: /Make Payment/ })).toBeNull();
  });
});
