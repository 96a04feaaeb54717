import { timingSafeEqual } from 'node:crypto';
import { errorResponse } from '@app/domain/common.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** True when the header is `Bearer <token>`, compared in constant time. */
function bearerIs(token: string | undefined, authorization: string | undefined): boolean {
  if (!token || !authorization) return false;
  const given = Buffer.from(authorization);
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /api/metrics for Prometheus: an admin's session (access.ts), or `Authorization: Bearer $METRICS_TOKEN`. */
export const metricsRoutes: FastifyPluginAsyncZod<{ token?: string | undefined }> = async (app, { token }) => {
  app.get(
    '/metrics',
    {
      config: { acceptsToken: (authorization) => bearerIs(token, authorization) },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (admins, or the METRICS_TOKEN bearer)',
        security: [{ bearer: [] }],
        response: { 200: z.string(), 401: errorResponse, 403: errorResponse },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(app.metrics.contentType)
        .send(await app.metrics.metrics()),
  );
};
