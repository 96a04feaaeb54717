import { privacyMessages } from '@app/domain/privacy.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';

/** Answers reach the screen after the request's promise chain: on a loaded machine, more than a second. */
const slow = { timeout: 5000 };

import { ConsentCodeForm } from './consent-code-form';

const { fetchMock } = stubApi();
const inTenMinutes = () => new Date(Date.now() + 10 * 60 * 1000).toISOString();

const setup = (codeExpiresAt: string | null) =>
  renderInApp(<ConsentCodeForm studentId="2600001" parentsNoEnding="••••••4321" codeExpiresAt={codeExpiresAt} />);

describe('ConsentCodeForm', () => {
  it('sends the code in the chosen language; without a provider it offers the prepared WhatsApp message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { sent: false, waLink: 'https://wa.me/919800004321?text=x', expiresAt: inTenMinutes() }),
    );
    const { user } = setup(null);
    expect(screen.queryByLabelText(/^Code the parent read out/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Language of the message/), 'en');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('link', { name: 'Open WhatsApp' }, slow)).toHaveProperty(
      'href',
      'https://wa.me/919800004321?text=x',
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/counsellor/consent/2600001/code');
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'en' });
    // The code's field appears once a code is out.
    expect(screen.getByLabelText(/^Code the parent read out/)).toBeTruthy();
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { user } = setup(inTenMinutes());
    await user.type(screen.getByLabelText(/^Code the parent read out/), '12a45');
    await user.click(screen.getByRole('button', { name: 'Confirm consent' }));

    expect(await screen.findByText(privacyMessages.consentCodeFormat, {}, slow)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the code with the choice about messages, and says what the server refused', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { message: privacyMessages.consentCodeInvalid, code: 'BAD_REQUEST' }),
    );
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { message: privacyMessages.consentRecorded, state: 'messages_refused' }),
    );
    const { user } = setup(inTenMinutes());
    await user.type(screen.getByLabelText(/^Code the parent read out/), '123456');
    await user.click(screen.getByRole('checkbox', { name: /agrees to messages/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm consent' }));
    expect(await screen.findByText(privacyMessages.consentCodeInvalid, {}, slow)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm consent' }));
    expect(await screen.findByText(privacyMessages.consentRecorded, {}, slow)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toContain('/api/counsellor/consent/2600001/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456', messages: false });
  });
});
