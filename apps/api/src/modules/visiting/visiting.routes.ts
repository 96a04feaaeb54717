import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { getVisitingQuery, visitingRecord, visitingRecordPage, visitingRequest } from '@app/domain/visiting.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { listVisits, listVisitsPage, recordVisit } from './visiting.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];

export const visitingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/visiting',
    {
      schema: {
        tags: ['visiting'],
        summary: 'Record an enquiry (the counsellor comes from the session)',
        security,
        body: visitingRequest,
        response: { 201: messageResponse.extend({ data: visitingRecord }), ...errors },
      },
    },
    async (request, reply) => {
      const record = await recordVisit(app.deps.db, { input: request.body, by: actorOf(request) });
      return reply.status(201).send({ message: messages.visitingSaved, data: record });
    },
  );

  app.get(
    '/getVisiting',
    {
      schema: {
        tags: ['visiting'],
        summary:
          "Enquiries, newest first: a counsellor's own, or all for an admin; paged, searched and filtered when `page` is given",
        security,
        querystring: getVisitingQuery,
        response: { 200: z.union([visitingRecordPage, z.object({ data: z.array(visitingRecord) })]), ...errors },
      },
    },
    async (request) => {
      const { page } = request.query;
      if (page) return listVisitsPage(app.deps.db, { by: actorOf(request), query: { ...request.query, page } });
      return { data: await listVisits(app.deps.db, { by: actorOf(request) }) };
    },
  );
};
