import { errorResponse } from '@app/domain/common.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { registrationFormPdf } from './documents.service';

const studentQuery = z.object({ studentId: z.string().trim().min(1).max(20) });

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registration-form',
    {
      schema: {
        tags: ['documents'],
        summary: "A student's registration form as a PDF",
        security: [{ bearer: [] }],
        querystring: studentQuery,
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('application/pdf'),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const pdf = await registrationFormPdf(app, { studentId: request.query.studentId, by: actorOf(request) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="Registration_${request.query.studentId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
