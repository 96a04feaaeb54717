import { privacyMessages } from '@app/domain/privacy.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';

/** Answers reach the screen after the request's promise chain: on a loaded machine, more than a second. */
const slow = { timeout: 5000 };

import { PaperConsentForm } from './paper-consent-form';

vi.mock('@/components/photo-uploader/photo-uploader', () => import('@/testing/photo-uploader-stub'));

const { fetchMock } = stubApi();

describe('PaperConsentForm', () => {
  it('asks for the photo of the signed form before it can be saved', () => {
    renderInApp(<PaperConsentForm studentId="2600002" />);
    expect(screen.getByText(privacyMessages.consentPaperPhotoRequired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save paper consent' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the photo with the choice about messages', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: privacyMessages.consentRecorded, state: 'given' }));
    const { user } = renderInApp(<PaperConsentForm studentId="2600002" />);
    await user.click(screen.getByRole('button', { name: 'Save Signed consent form' }));
    await user.click(screen.getByRole('button', { name: 'Save paper consent' }));

    expect(await screen.findByText(privacyMessages.consentRecorded, {}, slow)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/counsellor/consent/2600002/paper');
    expect(JSON.parse(String(init?.body))).toEqual({ photo: '/api/files/Signed-consent form.jpg', messages: true });
  });

  it('shows what the server refused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'Student not found', code: 'NOT_FOUND' }));
    const { user } = renderInApp(<PaperConsentForm studentId="2600002" />);
    await user.click(screen.getByRole('button', { name: 'Save Signed consent form' }));
    await user.click(screen.getByRole('checkbox', { name: /agrees to messages/ }));
    await user.click(screen.getByRole('button', { name: 'Save paper consent' }));
    expect(await screen.findByText('Student not found', {}, slow)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).messages).toBe(false);
  });
});
