import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPrivateFile } from '../private-file';

/** Where this request reached us (scheme and host): the start of the links a PDF's QR code holds. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A PDF shown in the browser, never kept by a cache on the way. */
export const sendPdf = (reply: FastifyReply, body: Buffer, fileName: string) =>
  sendPrivateFile(reply, { body, contentType: 'application/pdf', fileName, disposition: 'inline' });
