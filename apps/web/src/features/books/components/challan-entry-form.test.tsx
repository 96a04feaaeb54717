import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { ChallanEntryForm } from './challan-entry-form';

const counsellor: User = {
  uuid: '7b0a4a4e-0f6f-4d7e-9a55-6f6b2b9f1c11',
  name: 'Priya Deshmukh',
  userName: 'priya',
  email: 'priya@example.com',
  role: 'counsellor',
  contactNum: '9876543210',
  branch: 'Pune',
  commission: 10,
  dob: null,
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const fetchMock = stubFetch();

function setup() {
  const onDone = vi.fn();
  const { user } = renderInApp(<ChallanEntryForm onDone={onDone} />);
  return { user, onDone };
}

async function chooseCounsellor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Counsellor/ }));
  await user.click(await screen.findByRole('option', { name: /Priya Deshmukh/ }));
}

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/admin/getUser')) return jsonResponse(200, { data: [counsellor] });
    if (url.includes('/admin/addBooksWithChalan') && init?.method === 'POST') {
      return jsonResponse(201, { message: messages.challanAdded, data: { id: 1, chalanNo: '0001' } });
    }
    return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
});

// Typing into many fields is slow on a busy machine.
describe('ChallanEntryForm (SPEC §5 Challan)', { timeout: 20_000 }, () => {
  it('asks for a counsellor first, then for at least one entry', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.selectCounsellor);
    await chooseCounsellor(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.challanEntryRequired);
    // A receipt book needs its number as well as a range.
    await user.type(screen.getByLabelText('Receipt book 1 range'), '50');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.challanBookRequired);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('addBooksWithChalan'))).toBe(false);
  });

  it('keeps the last receipt-book row', async () => {
    const { user } = setup();
    const removes = () => screen.getAllByRole('button', { name: 'Remove' });
    expect(removes()).toHaveLength(1);
    expect(removes()[0]).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(removes()).toHaveLength(2);
    expect(removes().every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
    await user.click(removes()[1] as HTMLElement);
    expect(removes()).toHaveLength(1);
    expect(removes()[0]).toHaveProperty('disabled', true);
  });

  it('sends the catalogue rows, the pamphlet and the receipt books, then says so', async () => {
    const { user, onDone } = setup();
    await chooseCounsellor(user);
    await user.type(screen.getByLabelText('10th Math'), '5');
    await user.type(screen.getByLabelText('Pamphlet count'), '30');
    await user.type(screen.getByLabelText('Receipt book 1 number'), 'RB-7');
    await user.type(screen.getByLabelText('Receipt book 1 range'), '50');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByText(messages.challanAdded)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('addBooksWithChalan'));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body.counsellorId).toBe(counsellor.uuid);
    expect(body.items).toContainEqual({ standard: '10th', bookName: 'Math', totalCount: '5' });
    expect(body.items).toContainEqual({ standard: 'receiptBook', bookName: 'RB-7', totalCount: '50' });
    expect(body.items.find((item: { standard: string }) => item.standard === 'pamphlet')).toMatchObject({
      totalCount: '30',
      bookName: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });
  });

  it('keeps what was typed as a draft (counts, receipt books) and offers it back; a sent challan removes it', async () => {
    const first = setup();
    await chooseCounsellor(first.user);
    await first.user.type(screen.getByLabelText('10th Math'), '5');
    await first.user.click(screen.getByRole('button', { name: 'Add' }));
    await first.user.type(screen.getByLabelText('Receipt book 2 number'), 'RB-9');
    await first.user.type(screen.getByLabelText('Receipt book 2 range'), '25');
    // Closed within the second after the last edit: the draft is still kept.
    cleanup();
    const stored = JSON.parse(localStorage.getItem('challanDraft') ?? '{}');
    expect(stored).toMatchObject({
      counsellorId: counsellor.uuid,
      'book:10th:Math': '5',
      'receipt.1.bookName': 'RB-9',
    });

    const { user, onDone } = setup();
    expect(screen.getByLabelText('10th Math')).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Load Draft' }));
    expect(screen.getByLabelText('10th Math')).toHaveProperty('value', '5');
    expect(screen.getByLabelText('Receipt book 2 number')).toHaveProperty('value', 'RB-9');
    expect(screen.getByLabelText('Receipt book 2 range')).toHaveProperty('value', '25');
    // The empty first receipt-book row goes; the loaded one is sent.
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('addBooksWithChalan'));
    expect(JSON.parse(String(call?.[1]?.body)).items).toContainEqual({
      standard: 'receiptBook',
      bookName: 'RB-9',
      totalCount: '25',
    });
    cleanup();
    expect(localStorage.getItem('challanDraft')).toBeNull();
  });

  it('says a server failure once, in the toast, and keeps the form open', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/admin/getUser')) return jsonResponse(200, { data: [counsellor] });
      if (url.includes('/admin/addBooksWithChalan') && init?.method === 'POST') {
        return new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
      }
      return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const { user, onDone } = setup();
    await chooseCounsellor(user);
    await user.type(screen.getByLabelText('12th Physics'), '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.somethingWentWrong)).toBeTruthy();
    expect(screen.getAllByText(messages.somethingWentWrong)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});
