import { errorResponse } from '@app/domain/common.schemas';
import { lookupQuery, resultResponse, verifyParams, verifyResponse } from '@app/domain/exam.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendEncodedJson } from '../../lib/encoded-json';
import { originOf, sendPdf } from '../../lib/pdf/reply';
import { errorResponses } from '../../plugins/errors';
import { fetchResultJson, marksheetPdf } from './results.service';
import { verifyTicket } from './verify.service';

/** Public: result, marksheet and the verification page of a hall ticket's or marksheet's QR code (SPEC §7). */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/result/fetch',
    {
      schema: {
        tags: ['exam'],
        summary: "A student's result: details with `class`, marks, totals, grade, result and ranks (public)",
        querystring: lookupQuery,
        response: { 200: resultResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendEncodedJson(reply, await fetchResultJson(app.deps, { ...request.query, ip: request.ip }));
    },
  );

  app.get(
    '/result/marksheet',
    {
      schema: {
        tags: ['exam'],
        summary: "A student's statement of marks as a PDF (public; same rules as /result/fetch)",
        querystring: lookupQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await marksheetPdf(app.deps, { ...request.query, ip: request.ip, origin: originOf(request) });
      return sendPdf(reply, body, `${request.query.studentId}_Marksheet.pdf`);
    },
  );

  app.get(
    '/public/verify/:code',
    {
      schema: {
        tags: ['exam'],
        summary:
          "Checks a hall ticket's or marksheet's QR code: name, seat and centre of a genuine code, and once results are declared the result summary",
        params: verifyParams,
        response: { 200: verifyResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => verifyTicket(app.deps, request.params.code, request.ip),
  );
};
