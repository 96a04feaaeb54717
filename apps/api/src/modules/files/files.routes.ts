import { errorResponse } from '@app/domain/common.schemas';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGAPIXELS,
  PHOTO_UPLOAD_WINDOW_MS,
  PHOTO_UPLOADS_PER_WINDOW,
} from '@app/domain/photos.rules';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHA256_HEX } from '../../lib/file-store';
import { readOneFilePart } from '../../lib/multipart-file';
import { actorOf } from '../../plugins/auth';
import { admitPhotoUpload, storePhoto } from './files.service';

/** The one photo of the upload, at most MAX_PHOTO_BYTES. */
const readPhotoPart = (request: FastifyRequest) =>
  readOneFilePart(request, {
    missing: messages.photoMissing,
    oneOnly: messages.photoOneOnly,
    tooLarge: messages.photoTooLarge,
  });

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 1, parts: 2 } });
  // Any other content type reaches the handler unread and is answered there with our message, not 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post(
    '/upload-photo',
    {
      bodyLimit: MAX_PHOTO_BYTES + 64 * 1024,
      schema: {
        tags: ['files'],
        summary: 'Upload a JPEG photo (multipart field `file`); answers its imageUrl',
        description:
          `At most ${MAX_PHOTO_BYTES / 1024 / 1024} MB and ${MAX_PHOTO_MEGAPIXELS} megapixels. Each user may upload ` +
          `${PHOTO_UPLOADS_PER_WINDOW} photos per ${PHOTO_UPLOAD_WINDOW_MS / 60_000} minutes (429 with Retry-After ` +
          'beyond); a few photos are processed at once and the rest wait briefly (503 with Retry-After when busy).',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ imageUrl: z.string() }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          413: errorResponse,
          429: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await admitPhotoUpload(app.deps, { by: actorOf(request) });
      const upload = await readPhotoPart(request);
      return reply.status(201).send(await storePhoto(app.deps.files, upload));
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
      const content = SHA256_HEX.test(hash) ? await app.deps.files.get(hash) : undefined;
      if (!content) throw new DomainError('NOT_FOUND', messages.notFound);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );
};
