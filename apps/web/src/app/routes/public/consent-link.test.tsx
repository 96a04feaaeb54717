import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { enhanceConsentLink, tokenOf } from '@/features/privacy/behaviours/consent-link';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { ConsentLinkRoute } from './consent-link';

const fetchMock = stubFetch();
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';
afterEach(() => window.history.replaceState(null, '', '/'));

/** The static page as the server sends it, with its script run on it. */
async function openPage() {
  window.history.replaceState(null, '', `/consent/${token}`);
  render(<ConsentLinkRoute />);
  await enhanceConsentLink(document);
  return userEvent.setup();
}

describe('the consent page (/consent/<token>)', () => {
  it('reads the token from its address', () => {
    expect(tokenOf(`/consent/${token}`)).toBe(token);
    expect(tokenOf(`/consent/${token}/`)).toBe(token);
  });

  it("shows the notice and the student's name, then sends the answer with the notice's version", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { studentName: 'Aarav Kulkarni', noticeVersion: PRIVACY_NOTICE.version, expiresAt: '' }),
    );
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { message: privacyMessages.consentLinkRefused, state: 'messages_refused' }),
    );
    const user = await openPage();
    expect(screen.getByText('Aarav Kulkarni')).toBeTruthy();
    expect(screen.getByText(PRIVACY_NOTICE.en.rights)).toBeTruthy();
    expect(screen.getByText(PRIVACY_NOTICE.mr.rights)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /send no messages/ }));

    expect(await screen.findByText(privacyMessages.consentLinkRefused)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toBe(`/api/public/consentLink/${token}`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ messages: false, noticeVersion: PRIVACY_NOTICE.version });
    // Answered once: the buttons are gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: /I agree/ })).toBeNull());
    // The answer's heading leaves with its form.
    expect(screen.queryByRole('heading', { name: /Your answer/ })).toBeNull();
  });

  it('says when the link is not valid and offers no answer', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { message: privacyMessages.consentLinkInvalid, code: 'NOT_FOUND' }),
    );
    await openPage();
    expect(screen.getByRole('status').textContent).toBe(privacyMessages.consentLinkInvalid);
    expect(screen.queryByRole('button', { name: /I agree/ })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
