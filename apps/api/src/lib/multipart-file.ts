import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import type { FastifyRequest } from 'fastify';

/**
 * The one file part named `file` of a multipart upload, read into memory (at most the size the route
 * registered multipart with). A body that is not multipart, any other part, a second file, and a body the
 * parser refuses (no boundary, a part cut off) are the sender's fault: a 4xx with the route's own words.
 */
export async function readOneFilePart(
  request: FastifyRequest,
  { missing, oneOnly = missing, tooLarge }: { missing: string; oneOnly?: string; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', missing);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (file) throw new DomainError('BAD_REQUEST', oneOnly);
      if (part.type !== 'file' || part.fieldname !== 'file') throw new DomainError('BAD_REQUEST', missing);
      file = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('PAYLOAD_TOO_LARGE', tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('BAD_REQUEST', oneOnly);
    }
    // Whatever else the multipart parser rejects is the body's fault: no boundary, a part cut off.
    throw new DomainError('BAD_REQUEST', messages.uploadMalformed);
  }
  if (!file) throw new DomainError('BAD_REQUEST', missing);
  return file;
}
