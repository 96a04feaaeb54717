import { DomainError } from '@app/domain/errors';
import { isCatalogueMessage, messages } from '@app/domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

type Issue = { path: string; message: string };

/** One place that turns every failure into `{ message, code, issues? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return reply.status(error.status).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((item) => {
        const where = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: where, message: item.message ?? 'Invalid value' };
      });
      const first = issues[0];
      const message = !first
        ? messages.validationFailed
        : isCatalogueMessage(first.message) || !first.path
          ? first.message
          : `${first.path}: ${first.message}`;
      return reply.status(400).send({ message, code: 'BAD_REQUEST', issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
      return reply.status(status).send({ message: error.message, code });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ message: messages.internalError, code: 'INTERNAL' });
  });
});
