import { messages } from '@app/domain/messages';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { VisitingDetailsModal } from './visiting-details-modal';

const { fetchMock } = stubApi();

const gauri: VisitingRecord = {
  id: 41,
  studentName: 'Gauri Pawar',
  gender: 'Female',
  dob: '2011-06-14',
  address: 'Kothrud, Pune',
  pincode: '411038',
  standard: '10th',
  previousYear: '9th',
  branch: 'English',
  schoolCollege: 'New English School',
  previousYearPercent: 88,
  email: 'gauri@example.com',
  studentNo: '9822012345',
  parentsNo: '9822054321',
  notificationNo: '9822012345',
  demoGiven: 'YES',
  // Other's text, as the server keeps it.
  reason: 'Will decide after the results',
  motherName: 'not require',
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  counsellor: 'Priya Deshmukh',
  counsellorBranch: 'Pune - Kothrud',
  createdBy: 'c0ffee00-0000-4000-8000-000000000001',
  createdAt: '2026-11-20T05:30:00.000Z',
  updatedAt: '2026-11-20T05:30:00.000Z',
  convertedStudentId: null,
  closedAt: null,
  closedReason: null,
  closedNote: null,
  source: 'walk-in',
  status: 'new',
  nextFollowUpOn: null,
};

function setup(record: VisitingRecord = gauri) {
  const onChange = vi.fn<(record: VisitingRecord) => void>();
  const { user } = renderInApp(<VisitingDetailsModal record={record} onClose={vi.fn()} onChange={onChange} />);
  return { user, onChange };
}

const sent = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body ?? 'null')) };
};

describe('VisitingDetailsModal corrections', () => {
  it("edits with the Visiting Form's fields, filled from the enquiry, and sends the corrected form", async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit enquiry' });
    expect(within(form).getByLabelText(/^Reason/)).toHaveProperty('value', 'Other');
    expect(within(form).getByLabelText(/^Other Reason/)).toHaveProperty('value', 'Will decide after the results');
    expect(within(form).getByLabelText(/^Mother/)).toHaveProperty('value', '');
    const school = within(form).getByLabelText(/^School \/ College/);
    await user.clear(school);
    await user.type(school, 'Fergusson College');
    const saved = { ...gauri, schoolCollege: 'Fergusson College' };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: messages.enquiryUpdated, data: saved }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(sent()).toMatchObject({
      url: '/api/counsellor/visiting/41',
      method: 'PUT',
      body: { schoolCollege: 'Fergusson College', reason: 'Other', otherReason: 'Will decide after the results' },
    });
    expect(await screen.findByText(messages.enquiryUpdated)).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(saved);
  });

  it('shows a field message from the server on its field and stays in the form', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        message: messages.pincodeDigits,
        code: 'VALIDATION',
        issues: [{ path: 'pincode', message: messages.pincodeDigits }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.pincodeDigits)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Edit enquiry' })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes with a reason; Other needs the reason in words before anything is sent', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Close enquiry' }));
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'Other');
    await user.click(screen.getByRole('button', { name: 'Close enquiry' }));
    expect(await screen.findByText(messages.closeNoteRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Why/), 'Family moved to Nashik');
    const closed = { ...gauri, closedAt: '2026-11-24T06:00:00.000Z', closedReason: 'Other' as const };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: messages.enquiryClosed, data: closed }));
    await user.click(screen.getByRole('button', { name: 'Close enquiry' }));
    expect(await screen.findByText(messages.enquiryClosed)).toBeTruthy();
    expect(sent()).toMatchObject({
      url: '/api/counsellor/visiting/41/close',
      body: { reason: 'Other', note: 'Family moved to Nashik' },
    });
    expect(onChange).toHaveBeenCalledWith(closed);
  });

  it('offers Reopen for a closed enquiry, and no Close for one registered as a student', async () => {
    const { user, onChange } = setup({ ...gauri, closedAt: '2026-11-24T06:00:00.000Z', closedReason: 'Duplicate' });
    expect(screen.getByText('Closed: Duplicate')).toBeTruthy();
    // A closed enquiry is reopened before it is edited.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText(messages.enquiryClosedEditReopenFirst)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: messages.enquiryReopened, data: gauri }));
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText(messages.enquiryReopened)).toBeTruthy();
    expect(sent()).toMatchObject({ url: '/api/counsellor/visiting/41/reopen', method: 'PUT' });
    expect(onChange).toHaveBeenCalledWith(gauri);
    cleanup();

    setup({ ...gauri, convertedStudentId: '2600001' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close enquiry' })).toBeNull();
  });
});
