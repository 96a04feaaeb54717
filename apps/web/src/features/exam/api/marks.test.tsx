import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/save-file';
import { getSession } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { downloadCentreTickets, downloadMarksTemplate, uploadMarks } from './marks';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const { fetchMock, onUnauthorized } = stubApi();
const unauthorized = () => jsonResponse(401, { message: 'Unauthorized' });
const workbook = () => new File(['xlsx'], 'marks.xlsx');

afterEach(() => vi.mocked(saveFile).mockReset());

describe('marks and hall tickets go through the one API client', () => {
  it('uploads the workbook as multipart with the bearer token and reads the report', async () => {
    const report = { message: 'Checked', saved: false, rows: 2, cells: 12, issues: [] };
    fetchMock.mockResolvedValue(jsonResponse(200, report));
    await expect(uploadMarks({ file: workbook(), save: false })).resolves.toEqual(report);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/exam/marks/upload?save=false');
    expect(init?.body).toBeInstanceOf(FormData);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer admin-token');
  });

  it('a marks upload answered 401 signs out, as every other call does', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await expect(uploadMarks({ file: workbook(), save: true })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a hall ticket download answered 401 signs out, as every other call does', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await expect(downloadCentreTickets(101, () => {})).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a marks template download answered 401 signs out', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await expect(downloadMarksTemplate({ centerId: '101', standard: '10th' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toBeNull();
  });

  it('follows the hall tickets as they arrive and saves them under the server’s name', async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7 tickets', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="HallTickets_Centre_101.pdf"',
          'x-ticket-count': '40',
        },
      }),
    );
    const onProgress = vi.fn<(progress: { tickets: number; bytes: number }) => void>();
    await downloadCentreTickets(101, onProgress);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/hallTickets?centerId=101');
    expect(onProgress).toHaveBeenLastCalledWith({ tickets: 40, bytes: 16 });
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'HallTickets_Centre_101.pdf');
  });
});
