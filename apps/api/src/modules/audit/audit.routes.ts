import { activityQuery, activityResponse } from '@app/domain/audit.schemas';
import { errorResponse } from '@app/domain/common.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActivity } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity',
    {
      schema: {
        tags: ['audit trail'],
        summary: 'The audit trail, newest first: filter by user, entity, student and Indian dates; page by cursor',
        security: [{ bearer: [] }],
        querystring: activityQuery,
        response: { 200: activityResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listActivity(app.deps.db, request.query),
  );
};
