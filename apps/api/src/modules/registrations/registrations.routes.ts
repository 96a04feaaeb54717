import { errorResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { pageOf } from '@app/domain/paging.schemas';
import {
  getRegisterQuery,
  registerStudentRequest,
  registerStudentResponse,
  registrationRow,
} from '@app/domain/registrations.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { listRegistrations, registerStudent } from './registrations.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];

export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Register a student with the first payment (fees and balances computed by the server)',
        security,
        body: registerStudentRequest,
        response: { 201: registerStudentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const registered = await registerStudent(app.deps, { input: request.body, by: actorOf(request) });
      return reply.status(201).send({ ...registered, message: messages.studentRegistered });
    },
  );

  app.get(
    '/getRegister',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Registrations, newest first, paged and filtered; without `page` the newest 1,000',
        security,
        querystring: getRegisterQuery,
        response: {
          200: pageOf(registrationRow),
          ...errors,
        },
      },
    },
    async (request) => listRegistrations(app.deps.db, { by: actorOf(request), query: request.query }),
  );
};
