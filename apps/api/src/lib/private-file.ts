import type { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import type { FastifyReply } from 'fastify';

/**
 * A file answer (a PDF, a workbook, a backup) that no cache on the way keeps: saved under `fileName`
 * (`attachment`), or shown in the browser (`inline`).
 */
export function sendPrivateFile(
  reply: FastifyReply,
  {
    body,
    contentType,
    fileName,
    disposition = 'attachment',
  }: {
    body: Buffer | Readable | NodeJS.ReadableStream;
    contentType: string;
    fileName: string;
    disposition?: 'attachment' | 'inline';
  },
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** An Excel workbook to save. */
export const sendWorkbook = (reply: FastifyReply, body: Buffer | Readable | NodeJS.ReadableStream, fileName: string) =>
  sendPrivateFile(reply, { body, contentType: XLSX_TYPE, fileName });

/** A download's file name with the day it was made in India: Overdue_Students_2026-04-01.xlsx. */
export const workbookNameOn = (name: string, now: Date) => `${name}_${indianToday(now)}.xlsx`;
