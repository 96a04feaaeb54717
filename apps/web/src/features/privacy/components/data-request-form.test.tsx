import { indianToday } from '@app/domain/dates.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';

/** Answers reach the screen after the request's promise chain: on a loaded machine, more than a second. */
const slow = { timeout: 5000 };

import { DataRequestForm } from './data-request-form';

const { fetchMock } = stubApi();

const saved = (kind: string) => ({
  message: privacyMessages.requestRecorded,
  data: {
    id: 4,
    studentId: '2600003',
    studentName: 'Aarav Kulkarni',
    kind,
    receivedOn: indianToday(),
    dueOn: indianToday(),
    details: null,
    status: kind === 'withdraw' ? 'done' : 'open',
    outcome: null,
    handledBy: null,
    handledAt: null,
    isOverdue: false,
  },
});

describe('DataRequestForm', () => {
  it('asks what the family wants, and sends nothing until it is chosen', async () => {
    const { user } = renderInApp(<DataRequestForm />);
    await user.type(screen.getByLabelText(/^Student ID/), '2600003');
    await user.click(screen.getByRole('button', { name: 'Record request' }));
    expect(await screen.findByText(privacyMessages.requestKindRequired, {}, slow)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records a withdrawal and says messages stopped', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, saved('withdraw')));
    const { user } = renderInApp(<DataRequestForm />);
    await user.type(screen.getByLabelText(/^Student ID/), '2600003');
    await user.selectOptions(screen.getByLabelText(/^Request/), 'withdraw');
    await user.type(screen.getByLabelText(/^Details/), 'Father called the branch');
    await user.click(screen.getByRole('button', { name: 'Record request' }));

    expect(await screen.findByText(privacyMessages.consentWithdrawn, {}, slow)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/admin/dataRequests');
    expect(JSON.parse(String(init?.body))).toEqual({
      studentId: '2600003',
      kind: 'withdraw',
      receivedOn: indianToday(),
      details: 'Father called the branch',
    });
  });

  it("puts the server's refusal under its field", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Student not found',
        code: 'BAD_REQUEST',
        issues: [{ path: 'studentId', message: 'No student with this ID' }],
      }),
    );
    const { user } = renderInApp(<DataRequestForm />);
    await user.type(screen.getByLabelText(/^Student ID/), '2699999');
    await user.selectOptions(screen.getByLabelText(/^Request/), 'copy');
    await user.click(screen.getByRole('button', { name: 'Record request' }));
    expect(await screen.findByText('No student with this ID', {}, slow)).toBeTruthy();
  });
});
