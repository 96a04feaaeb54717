import { Readable } from 'node:stream';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPdf } from './pdf/reply';
import { sendPrivateFile, sendWorkbook } from './private-file';

const app = Fastify();
beforeAll(async () => {
  app.get('/workbook', (_request, reply) => sendWorkbook(reply, Buffer.from('xlsx'), 'Overdue_Students.xlsx'));
  app.get('/pdf', (_request, reply) => sendPdf(reply, Buffer.from('%PDF'), 'Challan_0001.pdf'));
  app.get('/stream', (_request, reply) =>
    sendPrivateFile(reply.header('x-ticket-count', '2'), {
      body: Readable.from(['a', 'b']),
      contentType: 'application/gzip',
      fileName: 'backup.tar.gz',
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('private files', () => {
  it('a workbook is saved under its name and kept by no cache', async () => {
    const response = await app.inject({ url: '/workbook' });
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Overdue_Students.xlsx"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('xlsx');
  });

  it('a PDF is shown in the browser, kept by no cache', async () => {
    const response = await app.inject({ url: '/pdf' });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="Challan_0001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('a stream keeps the headers set before it', async () => {
    const response = await app.inject({ url: '/stream' });
    expect(response.headers['x-ticket-count']).toBe('2');
    expect(response.headers['content-disposition']).toBe('attachment; filename="backup.tar.gz"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('ab');
  });
});
