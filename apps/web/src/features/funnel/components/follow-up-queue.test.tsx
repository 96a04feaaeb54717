import type { FunnelEnquiry, FollowUpQueue as Queue } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { FollowUpQueue } from './follow-up-queue';

const { fetchMock } = stubApi();

const enquiry = (id: number, change: Partial<FunnelEnquiry> = {}): FunnelEnquiry => ({
  id,
  studentName: `Student ${id}`,
  standard: '10th',
  phone: `98220000${String(id).padStart(2, '0')}`,
  city: 'Satara',
  message: null,
  source: 'website',
  status: 'new',
  assignedTo: 'c0ffee00-0000-4000-8000-000000000001',
  assignedName: 'Meera Jadhav',
  nextFollowUpOn: '2026-11-24',
  convertedStudentId: null,
  closedReason: null,
  createdAt: '2026-11-20T05:30:00.000Z',
  ...change,
});

const queue: Queue = {
  today: '2026-11-24',
  overdue: [enquiry(1, { nextFollowUpOn: '2026-11-20', status: 'contacted' })],
  dueToday: [enquiry(2, { message: 'Fees?' })],
  upcoming: [enquiry(3, { nextFollowUpOn: '2026-11-30' })],
  unassigned: [enquiry(4, { assignedTo: null, assignedName: null, city: 'Ratnagiri' })],
};

describe('FollowUpQueue', () => {
  it('shows the buckets with one tap to call or WhatsApp the parent, and the unassigned to an admin', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/follow-ups')) return jsonResponse(200, queue);
      return jsonResponse(200, { data: [] });
    });
    renderInApp(<FollowUpQueue />, { router: true });
    const overdue = await screen.findByRole('region', { name: 'Overdue' }, { timeout: 10_000 });
    expect(within(overdue).getByText('Student 1')).toBeTruthy();
    const call = within(overdue).getByRole('link', { name: /Call Student 1's parent/ });
    expect(call.getAttribute('href')).toBe('tel:+919822000001');
    const whatsApp = within(overdue).getByRole('link', { name: /WhatsApp Student 1's parent/ });
    expect(whatsApp.getAttribute('href')).toBe('https://wa.me/919822000001');
    expect(within(screen.getByRole('region', { name: 'Due today' })).getByText('“Fees?”')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getByText('Student 3')).toBeTruthy();
    const unassigned = screen.getByRole('region', { name: 'Not assigned' });
    expect(within(unassigned).getByRole('button', { name: 'Assign' })).toBeTruthy();
    expect(within(unassigned).queryByRole('button', { name: 'Follow up' })).toBeNull();
  });

  it('marks an enquiry lost by closing it with a reason', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.includes('/close')) {
        return jsonResponse(200, {
          message: 'Enquiry closed',
          data: enquiry(2, { status: 'lost', closedReason: 'Not interested' }),
        });
      }
      if (url.includes('/follow-ups')) return jsonResponse(200, queue);
      return jsonResponse(200, { data: [] });
    });
    const { user } = renderInApp(<FollowUpQueue />, { router: true });
    await user.click(await screen.findByRole('button', { name: 'Mark lost: Student 2' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Mark lost' });
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Not interested');
    await user.click(within(dialog).getByRole('button', { name: 'Close enquiry' }));
    expect(await screen.findByText('Enquiry closed', {}, { timeout: 10_000 })).toBeTruthy();
    const close = calls.find((c) => c.url.includes('/close'));
    expect(close).toMatchObject({ method: 'PUT', body: { reason: 'Not interested' } });
    expect(close?.url).toContain('/counsellor/visiting/2/close');
  });

  it("opens a lost website enquiry's details with its follow-up history, and reopens it", async () => {
    const lost = enquiry(7, { status: 'lost', closedReason: 'Not interested', message: 'Fees for 10th?' });
    const calls: { url: string; method: string }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.includes('/reopen')) {
        return jsonResponse(200, {
          message: messages.enquiryReopened,
          data: { ...lost, status: 'contacted', closedReason: null },
        });
      }
      if (url.includes('/enquiries/7')) {
        return jsonResponse(200, {
          data: lost,
          followUps: [
            {
              id: 12,
              kind: 'call',
              doneOn: '2026-11-22',
              outcome: 'Spoke to parent',
              note: 'Father will decide after Diwali',
              nextFollowUpOn: '2026-11-24',
              by: 'Meera Jadhav',
              createdAt: '2026-11-22T06:00:00.000Z',
            },
          ],
        });
      }
      if (url.includes('/enquiries?')) return jsonResponse(200, { data: [lost] });
      if (url.includes('/follow-ups')) return jsonResponse(200, queue);
      return jsonResponse(200, { data: [] });
    });
    const { user } = renderInApp(<FollowUpQueue />, { router: true });
    const lostList = await screen.findByRole('region', { name: 'Lost' }, { timeout: 10_000 });
    expect(calls.some((call) => call.url.endsWith('/counsellor/enquiries?status=lost&source=website'))).toBe(true);
    await user.click(within(lostList).getByRole('button', { name: 'Details: Student 7' }));
    const dialog = screen.getByRole('dialog', { name: 'Enquiry details' });
    const history = await within(dialog).findByRole('region', { name: 'Follow-up history' }, { timeout: 10_000 });
    expect(within(history).getByText('22/11/2026 · Call · Spoke to parent')).toBeTruthy();
    expect(within(history).getByText('Father will decide after Diwali')).toBeTruthy();
    expect(within(history).getByText('Recorded 22/11/2026 11:30 am · next 24/11/2026')).toBeTruthy();
    expect(within(dialog).getByText('Lost: Not interested')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText(messages.enquiryReopened, {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/reopen'))).toMatchObject({
      url: '/api/counsellor/visiting/7/reopen',
      method: 'PUT',
    });
    expect(screen.queryByRole('dialog', { name: 'Enquiry details' })).toBeNull();
  });

  it("shows an open enquiry's details without Reopen", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/enquiries/2')) return jsonResponse(200, { data: enquiry(2), followUps: [] });
      if (url.includes('/follow-ups')) return jsonResponse(200, queue);
      return jsonResponse(200, { data: [] });
    });
    const { user } = renderInApp(<FollowUpQueue />, { router: true });
    await user.click(await screen.findByRole('button', { name: 'Details: Student 2' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Enquiry details' });
    expect(await within(dialog).findByText('No follow-up recorded yet.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('says when the queue cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'boom' }));
    renderInApp(<FollowUpQueue />, { router: true });
    expect(await screen.findByText(messages.failedToLoadData, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
