import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers, readiness } from './health.service';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

const readinessResponse = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  redis: z.enum(['ok', 'unavailable', 'not configured']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: health, 503: health } } },
    async (request, reply) => {
      const up = await databaseAnswers(app.deps.db, (error) =>
        request.log.error({ err: error }, 'health check: database unavailable'),
      );
      if (up) return { status: 'ok', database: 'ok' } as const;
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, migrations are applied, Redis (when configured) answers',
        description:
          '503 while the database is unreachable or lacks migrations: a load balancer should send no traffic. ' +
          'Redis unreachable is `degraded` with 200: the instance serves, counting limits per instance.',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (request, reply) => {
      const answer = await readiness({ db: app.deps.db, attempts: app.deps.attempts }, (error) =>
        request.log.error({ err: error }, 'readiness: database unavailable'),
      );
      return reply.status(answer.status === 'unavailable' ? 503 : 200).send(answer);
    },
  );
};
