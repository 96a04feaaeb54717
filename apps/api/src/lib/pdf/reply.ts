import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where this request reached us (scheme and host): the start of the links a PDF's QR code holds. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A PDF shown in the browser, never kept by a cache on the way. */
export function sendPdf(reply: FastifyReply, body: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
