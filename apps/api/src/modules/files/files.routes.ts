import { errorResponse } from '@app/domain/common.schemas';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHA256_HEX } from '../../lib/file-store';
import { storePhoto } from './files.service';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/upload-photo',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['files'],
        summary: 'Upload a JPEG photo (multipart field `file`); answers its imageUrl',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ imageUrl: z.string() }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', messages.photoMissing);
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new DomainError('BAD_REQUEST', messages.photoMissing);
      let upload: Buffer;
      try {
        upload = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new DomainError('PAYLOAD_TOO_LARGE', messages.photoTooLarge);
        }
        throw error;
      }
      return reply.status(201).send(await storePhoto(app.files, upload));
    },
  );

  app.get(
    '/files/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored photo; its name is the SHA-256 of its bytes, so it is cached for good',
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const hash = request.params.name.endsWith('.jpg') ? request.params.name.slice(0, -4) : '';
      const content = SHA256_HEX.test(hash) ? await app.files.get(hash) : undefined;
      if (!content) throw new DomainError('NOT_FOUND', messages.notFound);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );
};
