import { errorResponse } from '@app/domain/common.schemas';
import { loginRequest, sessionUser, user } from '@app/domain/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { toUser } from '../users/users.service';
import { logIn } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers the session the browser keeps under `user`',
        body: loginRequest,
        response: { 200: sessionUser, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => logIn(app, { ...request.body, ip: request.ip }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: user, 401: errorResponse },
      },
    },
    async (request) => toUser(actorOf(request)),
  );
};
