import { messages } from '@app/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { ExcelExportTool } from './excel-export-tool';

const saved = vi.fn();
vi.mock('@/lib/save-file', () => ({ saveFile: (...args: unknown[]) => saved(...args) }));

const fetchMock = stubFetch();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The body of the export request, once sent. */
const exportBody = () => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).includes('getFilteredRegister'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

function setup() {
  return renderInApp(<ExcelExportTool />);
}

beforeEach(() => {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.includes('getExamCenters')) return json({ data: [] });
    if (path.includes('getUser')) return json({ data: [] });
    if (path.includes('getFilteredRegister')) {
      return new Response('xlsx', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="Filtered_Registrations_x.xlsx"' },
      });
    }
    return json({ message: 'unexpected' }, 500);
  });
});

afterEach(() => {
  saved.mockReset();
});

describe('Excel Export Tool (SPEC §2, §5, §8)', () => {
  it('checks one remaining box at a time', async () => {
    const { user } = setup();
    const zero = screen.getByRole('checkbox', { name: 'remaining = 0' });
    const nonZero = screen.getByRole('checkbox', { name: 'remaining != 0' });
    await user.click(zero);
    await user.click(nonZero);
    expect(nonZero).toHaveProperty('checked', true);
    expect(zero).toHaveProperty('checked', false);
  });

  it('disables Generate with no column and says why', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.getByText(messages.exportNoColumns)).toBeTruthy();
  });

  it('refuses a From Date later than the To Date without asking the server', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('From Date'), '2026-03-02');
    await user.type(screen.getByLabelText('To Date'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(messages.exportDateOrder)).toBeTruthy();
    expect(exportBody()).toBeUndefined();
  });

  it('sends 12th for the 11th+12th option and the chosen columns (the seat number and course too), then saves the file', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Standard' }), '11th+12th');
    await user.click(screen.getByRole('checkbox', { name: 'remaining != 0' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('checkbox', { name: 'Student Name' }));
    await user.click(screen.getByRole('checkbox', { name: 'Due Date' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seat No.' }));
    await user.click(screen.getByRole('checkbox', { name: 'Course' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(exportBody()).toMatchObject({
      standard: '12th',
      onlyZeroRemaining: false,
      onlyNonZeroRemaining: true,
      columns: ['studentName', 'dueDate', 'seatNumber', 'course'],
      format: 'xlsx',
    });
    expect(saved.mock.calls[0]?.[1]).toBe('Filtered_Registrations_x.xlsx');
    expect(await screen.findByText(messages.exportDownloaded)).toBeTruthy();
  });

  it("shows the server's 'No students found for the selected filters.'", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('getFilteredRegister')
        ? json({ message: messages.exportNoStudents, code: 'BAD_REQUEST' }, 400)
        : json({ data: [] }),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText(messages.exportNoStudents)).length).toBeGreaterThan(0);
  });
});
