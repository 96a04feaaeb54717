import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { funnelEnquiry } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import {
  closeEnquiryRequest,
  enquiryParams,
  getVisitingQuery,
  visitingRecord,
  visitingRecordPage,
  visitingRequest,
} from '@app/domain/visiting.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendEncodedJson } from '../../lib/encoded-json';
import { actorOf } from '../../plugins/auth';
import {
  closeVisit,
  editVisit,
  listVisits,
  listVisitsPage,
  recordVisit,
  reopenVisit,
  visitsPageOf,
} from './visiting.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };
const changeErrors = { ...errors, 404: errorResponse };
const answer = messageResponse.extend({ data: visitingRecord });
/** Closing or reopening a website enquiry answers its funnel shape (it has no visiting form). */
const closingAnswer = messageResponse.extend({ data: visitingRecord.or(funnelEnquiry) });
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
    async (request, reply) => {
      const { page } = request.query;
      if (!page) return { data: await listVisits(app.deps.db, { by: actorOf(request), status: request.query.status }) };
      const read = visitsPageOf(actorOf(request), { ...request.query, page });
      // The answer as sent, kept until an enquiry changes (enquiry-pages.ts).
      const json = await app.deps.enquiryPages.get(JSON.stringify(read), async () =>
        JSON.stringify(z.encode(visitingRecordPage, await listVisitsPage(app.deps.db, read))),
      );
      return sendEncodedJson(reply, json);
    },
  );

  app.put(
    '/visiting/:id',
    {
      schema: {
        tags: ['visiting'],
        summary: "Correct an enquiry with the Visiting Form's fields (a counsellor their own, an admin any)",
        security,
        params: enquiryParams,
        body: visitingRequest,
        response: { 200: answer, ...changeErrors },
      },
    },
    async (request) => ({
      message: messages.enquiryUpdated,
      data: await editVisit(app.deps.db, { id: request.params.id, input: request.body, by: actorOf(request) }),
    }),
  );

  app.put(
    '/visiting/:id/close',
    {
      schema: {
        tags: ['visiting'],
        summary:
          'Close an enquiry with a reason; it leaves the default list (an enquiry registered as a student cannot)',
        security,
        params: enquiryParams,
        body: closeEnquiryRequest,
        response: { 200: closingAnswer, ...changeErrors },
      },
    },
    async (request) => ({
      message: messages.enquiryClosed,
      data: await closeVisit(app.deps.db, { id: request.params.id, input: request.body, by: actorOf(request) }),
    }),
  );

  app.put(
    '/visiting/:id/reopen',
    {
      schema: {
        tags: ['visiting'],
        summary: 'Open a closed enquiry again',
        security,
        params: enquiryParams,
        response: { 200: closingAnswer, ...changeErrors },
      },
    },
    async (request) => ({
      message: messages.enquiryReopened,
      data: await reopenVisit(app.deps.db, { id: request.params.id, by: actorOf(request) }),
    }),
  );
};
