import type { Duplex } from 'node:stream';
import { errorResponse } from '@app/domain/common.schemas';
import { DomainError } from '@app/domain/errors';
import { isCatalogueMessage, messages } from '@app/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, isTransientConflict, pgErrorCode } from '../db/errors';
import { apiHeaders, setSecurityHeaders } from './security-headers';

/** The error answers this handler sends, for a route's response schema: the exam routes list all of them. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

type Issue = { path: string; message: string };

/** Fastify's own client errors, in our words. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: messages.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: messages.urlTooLong,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.badRequestBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.bodyNotObject,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
};

const codeOfStatus = (status: number) =>
  status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';

/**
 * Errors the router raises before any route or hook runs (a broken %-escape, an over-long path
 * parameter): answered like every other error, with the API's security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  setSecurityHeaders(request, reply);
  void reply
    .status(status)
    .send({ message: frameworkMessages[error.code] ?? messages.validationFailed, code: codeOfStatus(status) });
}

/** What a 503 for the database asks the client to wait: about a restart's or a failover's time. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over 16 KB, a broken
 * request line): answered in our shape, `{ message, code }` with the API's security headers, then closed.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', messages.requestTimeout]
        : [400, 'Bad Request', messages.badRequest];
  const body = JSON.stringify({ message, code: status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST' });
  const headers = Object.entries({
    ...apiHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\n${headers}\r\n${body}`);
  socket.destroy();
}

/** A body in another character set would be read as UTF-8 and mean something else: refused before it is read. */
const charsetParameter = /;\s*charset\s*=\s*"?([^";\s]+)/i;
const readableCharsets = new Set(['utf-8', 'utf8', 'us-ascii']);

function refuseForeignCharset(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  const charset = charsetParameter.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset && !readableCharsets.has(charset)) {
    done(new DomainError('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedCharset));
  } else done(null, payload);
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One place that turns every failure into `{ message, code, issues? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', refuseForeignCharset);
  // A route that takes a body takes a JSON object: `null`, `[]`, `"x"` or `42` are refused here, before
  // any schema or rule reads a field of it.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    const isMultipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    if (schema?.body && !isMultipart && !isPlainObject(request.body)) {
      throw new DomainError('BAD_REQUEST', messages.bodyNotObject);
    }
  });

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
      return reply
        .status(status)
        .send({ message: frameworkMessages[error.code] ?? error.message, code: codeOfStatus(status) });
    }
    // A value the database cannot hold (class 22: data exception) that a schema let through: the input's
    // fault, not ours. The transaction rolled back, so nothing changed; log it so the schema gets fixed.
    if (pgErrorCode(error)?.startsWith('22')) {
      request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
      return reply.status(400).send({ message: messages.validationFailed, code: 'BAD_REQUEST' });
    }
    // The database dropped the connection or could not be reached (a restart, a failover, a network blip):
    // the pool connects afresh for the next request, so the client may try again soon. Likewise a
    // transaction that met a deadlock or serialization failure a second time (db/client.ts runs it twice).
    const unavailable = isConnectionError(error)
      ? messages.databaseUnavailable
      : isTransientConflict(error)
        ? messages.serverBusy
        : undefined;
    if (unavailable) {
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable or busy');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: unavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ message: messages.internalError, code: 'INTERNAL' });
  });
});
