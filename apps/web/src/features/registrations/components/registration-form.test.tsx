import type { ExamCentre } from '@app/domain/centres.schemas';
import type { OpenExamSession } from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { RegistrationForm } from './registration-form';

vi.mock('@/components/photo-uploader/photo-uploader', () => import('@/testing/photo-uploader-stub'));

const centre = { city: null, listedPublicly: true };
const centres: ExamCentre[] = [
  { ...centre, centerId: 12, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 400, registeredCount: 10 },
  { ...centre, centerId: 13, centerName: 'Nashik', collegeName: 'HPT College', capicity: 2, registeredCount: 2 },
];
const openSession: OpenExamSession = { id: 1, name: 'March 2027', examYear: 2027, twoYearExamYear: 2028 };

const fetchMock = stubFetch();

function setup() {
  return renderInApp(<RegistrationForm />, { router: true });
}

const payment = () => within(screen.getByRole('region', { name: 'Payment Details' }));

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockImplementation(async (input) =>
    Response.json(
      { data: String(input).includes('/counsellor/openExamSession') ? openSession : centres },
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
});

describe('RegistrationForm payment details', () => {
  it('takes the total from the standard and computes the amount remaining', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText(/^Standard/), '10th');

    expect(payment().getByLabelText(/^Payment Standard/)).toHaveProperty('value', '10th');
    expect(payment().getByLabelText('Total Amount')).toHaveProperty('value', '₹5,850');
    expect(screen.getByLabelText('Previous Year')).toHaveProperty('value', '9th');

    await user.type(payment().getByLabelText(/^Amount Paid/), '2000');
    expect(payment().getByLabelText('Amount Remaining')).toHaveProperty('value', '₹3,850');
    expect(payment().getByLabelText(/^Due Date/)).toHaveProperty('disabled', false);

    // Another payment standard recomputes the total the same way (SPEC §9).
    await user.selectOptions(payment().getByLabelText(/^Payment Standard/), '11th+12th');
    expect(payment().getByLabelText('Total Amount')).toHaveProperty('value', '₹9,850');
    expect(payment().getByLabelText('Amount Remaining')).toHaveProperty('value', '₹7,850');
  });

  it('disables the due date once nothing remains', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText(/^Standard/), '12th');
    await user.type(payment().getByLabelText(/^Amount Paid/), '7900');

    expect(payment().getByLabelText('Amount Remaining')).toHaveProperty('value', '₹0');
    const dueDate = payment().getByLabelText(messages.dueDateNotRequired);
    expect(dueDate).toHaveProperty('disabled', true);
    expect(payment().queryByLabelText(/^Due Date/)).toBeNull();
  });

  it('shows the message and hides Register Student when more than the total is paid', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText(/^Standard/), '10th');
    await user.type(payment().getByLabelText(/^Amount Paid/), '1000');

    // Nothing saved yet: amber hints instead of the button.
    expect(screen.queryByRole('button', { name: 'Register Student' })).toBeNull();
    expect(screen.getByText(messages.studentPhotoRequired)).toBeTruthy();
    expect(screen.getByText(messages.receiptPhotoRequired)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Student Photo' }));
    await user.click(screen.getByRole('button', { name: 'Save Receipt Photo' }));
    await user.click(screen.getByRole('combobox', { name: /Exam Centre/ }));
    // The centres arrive from their own request: the options show once it answers.
    expect((await screen.findByRole('option', { name: /Nashik/ })).getAttribute('aria-disabled')).toBe('true');
    await user.click(await screen.findByRole('option', { name: /Pune/ }));
    expect(screen.getByRole('button', { name: 'Register Student' })).toBeTruthy();
    expect(screen.queryByText(messages.amountPaidTooHigh)).toBeNull();

    await user.clear(payment().getByLabelText(/^Amount Paid/));
    await user.type(payment().getByLabelText(/^Amount Paid/), '6000');
    expect(payment().getByText(messages.amountPaidTooHigh)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register Student' })).toBeNull();

    await user.clear(payment().getByLabelText(/^Amount Paid/));
    await user.type(payment().getByLabelText(/^Amount Paid/), '5850');
    expect(screen.queryByText(messages.amountPaidTooHigh)).toBeNull();
    expect(screen.getByRole('button', { name: 'Register Student' })).toBeTruthy();
  });
});

describe('RegistrationForm draft', () => {
  it('saves the fields a second after an edit, without the photos', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Student Name/), 'Asha Patil');
    await user.click(screen.getByRole('button', { name: 'Save Student Photo' }));
    await waitFor(() => expect(localStorage.getItem('registrationDraft')).not.toBeNull(), { timeout: 2500 });
    const draft = JSON.parse(localStorage.getItem('registrationDraft') ?? '{}');
    expect(draft.studentName).toBe('Asha Patil');
    expect(draft).not.toHaveProperty('studentPhoto');
  });

  it('offers a found draft: Load Draft restores it, Dismiss clears it', async () => {
    localStorage.setItem(
      'registrationDraft',
      JSON.stringify({ studentName: 'Asha Patil', standard: '12th', branch: 'PCB' }),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Load Draft' }));
    expect(screen.getByLabelText(/^Student Name/)).toHaveProperty('value', 'Asha Patil');
    expect(screen.getByLabelText(/^Group/)).toHaveProperty('value', 'PCB');
    expect(await screen.findByText('Draft data loaded successfully!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load Draft' })).toBeNull();

    cleanup();
    localStorage.setItem('registrationDraft', JSON.stringify({ studentName: 'Asha Patil' }));
    const second = setup();
    await second.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(localStorage.getItem('registrationDraft')).toBeNull();
    expect(screen.getByLabelText(/^Student Name/)).toHaveProperty('value', '');
  });
});
