import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubApi } from '@/testing/api-stub';
import { ApiError, api } from './api-client';
import { getSession } from './session';

const { fetchMock, onUnauthorized } = stubApi();

describe('api: answers checked against the domain schemas (development and tests)', () => {
  it('runs the check in this mode: the production build leaves it out', () => {
    expect(import.meta.env.DEV).toBe(true);
  });

  it('hands back an answer that matches its schema as the server sent it', async () => {
    // Not the parsed copy (which would drop `extra`): development behaves as production does.
    fetchMock.mockResolvedValue(json(200, { message: 'Saved', extra: 1 }));
    await expect(api.delete('/admin/deleteExamCenter/101', 'message')).resolves.toEqual({ message: 'Saved', extra: 1 });
  });

  it('fails a call whose answer has drifted from its schema, naming the call and the field', async () => {
    // `data` should be a list of users.
    fetchMock.mockResolvedValue(json(200, { data: { uuid: 'not-a-list' } }));
    const failure = api.get('/admin/getUser', 'users');
    await expect(failure).rejects.toThrow("GET /api/admin/getUser answered something other than 'users'");
    await expect(failure).rejects.toThrow(/data/);
  });

  it('fails a missing field too (a renamed column on the server)', async () => {
    fetchMock.mockResolvedValue(json(200, { messages: 'Saved' }));
    await expect(api.put('/counsellor/markBookReceived/3', 'message')).rejects.toThrow(/message/);
  });
});

describe('api: sign-out on 401', () => {
  it('ends the session after a JSON call answers 401', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));
    await expect(api.get('/auth/me', 'user')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session after a download answers 401, as a JSON call does', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));
    await expect(api.getFile('/admin/books/pendingDistribution.xlsx')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session after a multipart upload answers 401', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));
    await expect(api.postForm('/upload-photo', 'uploadedPhoto', new FormData())).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('api: downloads', () => {
  it('reads a file with the server’s name and reports each chunk with the answer’s headers', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([37, 80, 68, 70]));
        controller.enqueue(new Uint8Array([45, 49]));
        controller.close();
      },
    });
    fetchMock.mockResolvedValue(
      new Response(body, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="HallTickets_Centre_101.pdf"',
          'x-ticket-count': '2',
        },
      }),
    );
    const progress: { bytes: number; tickets: string | null }[] = [];
    const file = await api.getFile('/admin/hallTickets?centerId=101', {
      onProgress: ({ bytes, headers }) => progress.push({ bytes, tickets: headers.get('x-ticket-count') }),
    });
    expect(file.fileName).toBe('HallTickets_Centre_101.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(file.blob.size).toBe(6);
    expect(progress).toEqual([
      { bytes: 4, tickets: '2' },
      { bytes: 6, tickets: '2' },
    ]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer admin-token');
  });

  it('sends a multipart upload again after a 503 with Retry-After, as it does a JSON call', async () => {
    const report = { message: 'Checked', saved: false, rows: 1, cells: 6, issues: [] };
    fetchMock
      .mockResolvedValueOnce(json(503, { message: 'Busy' }, { 'retry-after': '0' }))
      .mockResolvedValueOnce(json(200, report));
    await expect(api.postForm('/exam/marks/upload?save=false', 'marksUploadReport', new FormData())).resolves.toEqual(
      report,
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
