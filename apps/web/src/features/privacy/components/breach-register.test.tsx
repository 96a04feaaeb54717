import { indianToday } from '@app/domain/dates.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';

/** Answers reach the screen after the request's promise chain: on a loaded machine, more than a second. */
const slow = { timeout: 5000 };

import { BreachRegister } from './breach-register';

const { fetchMock } = stubApi();

const breach = {
  id: 5,
  title: 'Register photo shared',
  description: 'A photo of the register was posted.',
  discoveredOn: '2026-11-20',
  measures: 'Removed within the hour.',
  scope: { centerId: 12, standard: '10th' },
  scopeText: 'students of centre 12 · standard 10th',
  recordedAt: new Date().toISOString(),
};

/** Answers by path: the register, the notices of breach 5, and what a test puts in `posts`. */
function answer(posts: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      const path = Object.keys(posts).find((key) => url.endsWith(key));
      if (path) return (posts[path] as () => Response)();
    }
    if (url.endsWith('/api/admin/breaches')) return jsonResponse(200, { data: [breach] });
    if (url.endsWith('/api/admin/breaches/5/notices')) {
      return jsonResponse(200, {
        affected: 2,
        board: 'To: The Data Protection Board of India',
        families: [
          {
            studentId: '2600004',
            studentName: 'Deepa Jadhav',
            parentsNo: '9800000004',
            en: 'x',
            mr: 'x',
            waLink: 'https://wa.me/1',
          },
          {
            studentId: '2600005',
            studentName: 'Eknath Pawar',
            parentsNo: '9800000005',
            en: 'x',
            mr: 'x',
            waLink: 'https://wa.me/2',
          },
        ],
      });
    }
    return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const postsTo = (path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(path));

describe('BreachRegister', () => {
  it('records a breach with the affected data as a nested filter', async () => {
    answer({ '/api/admin/breaches': () => jsonResponse(201, { message: 'Breach recorded', data: breach }) });
    const { user } = renderInApp(<BreachRegister />);
    await user.type(screen.getByLabelText(/^What happened/), 'Register photo shared');
    await user.type(screen.getByLabelText(/^Details/), 'A photo of the register was posted.');
    await user.type(screen.getByLabelText(/^Measures taken/), 'Removed within the hour.');
    await user.type(screen.getByLabelText(/^Affected centre ID/), '12');
    await user.selectOptions(screen.getByLabelText(/^Affected standard/), '10th');
    await user.click(screen.getByRole('button', { name: 'Record breach' }));

    expect(await screen.findByText('Breach recorded', {}, slow)).toBeTruthy();
    const [[, init] = []] = postsTo('/api/admin/breaches');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Register photo shared',
      description: 'A photo of the register was posted.',
      discoveredOn: indianToday(),
      measures: 'Removed within the hour.',
      scope: { centerId: 12, standard: '10th' },
    });
  });

  it('refuses a breach without what happened, sending nothing', async () => {
    answer({});
    const { user } = renderInApp(<BreachRegister />);
    await user.click(screen.getByRole('button', { name: 'Record breach' }));
    await waitFor(() => expect(screen.getByLabelText(/^What happened/).getAttribute('aria-invalid')).toBe('true'));
    expect(postsTo('/api/admin/breaches')).toHaveLength(0);
  });

  it("sends the families' notices through the outbox and shows who was not sent one, and why", async () => {
    answer({
      '/api/admin/breaches/5/send': () =>
        jsonResponse(200, {
          message: privacyMessages.breachNoticesSent,
          affected: 2,
          queued: 1,
          skipped: [{ studentId: '2600005', studentName: 'Eknath Pawar', reason: 'No parent consent' }],
          alreadySent: 0,
        }),
    });
    const { user } = renderInApp(<BreachRegister />);
    await user.click(await screen.findByRole('button', { name: 'Families and notices' }, slow));
    expect(await screen.findByText('2 families affected', {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send notices to the families' }));

    expect(await screen.findByText('1 queued · 1 not sent · 0 sent before', {}, slow)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not sent' }).textContent).toContain(
      'Eknath Pawar (2600005): No parent consent',
    );
    expect(postsTo('/api/admin/breaches/5/send')).toHaveLength(1);
  });
});
