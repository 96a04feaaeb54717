import { centreQuery, lookupQuery } from '@app/domain/exam.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, sendPdf } from '../../lib/pdf/reply';
import { sendPrivateFile } from '../../lib/private-file';
import { errorResponses } from '../../plugins/errors';
import { centreHallTickets, hallTicketPdf } from './hall-tickets.service';

const pdf = z.any().describe('application/pdf');

/** Public: a student's hall ticket (SPEC §7). */
export const hallTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pdf/generate-preview',
    {
      schema: {
        tags: ['exam'],
        summary: "A student's hall ticket as a PDF (public; needs the student's name, ID and mother's name)",
        querystring: lookupQuery,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await hallTicketPdf(app.deps, { ...request.query, ip: request.ip, origin: originOf(request) });
      return sendPdf(reply, body, `${request.query.studentId}_HallTicket.pdf`);
    },
  );
};

/** Admin: a centre's hall tickets. */
export const centreHallTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hallTickets',
    {
      schema: {
        tags: ['exam'],
        summary: "Every seated student's hall ticket of a centre, one PDF (streamed; X-Ticket-Count says how many)",
        security: [{ bearer: [] }],
        querystring: centreQuery,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { stream, count } = await centreHallTickets(app.deps, {
        centerId: request.query.centerId,
        origin: originOf(request),
      });
      return sendPrivateFile(reply.header('x-ticket-count', String(count)), {
        body: stream,
        contentType: 'application/pdf',
        fileName: `HallTickets_Centre_${request.query.centerId}.pdf`,
      });
    },
  );
};
