import { errorResponse } from '@app/domain/common.schemas';
import { loginRequest, sessionUser, user } from '@app/domain/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { toUser } from '../users/users.service';
import { logIn, renewSession } from './auth.service';

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
    async (request, reply) => {
      // A session token must never sit in a shared or browser cache.
      reply.header('cache-control', 'no-store');
      return logIn(app.deps, { ...request.body, ip: request.ip });
    },
  );

  app.post(
    '/renew',
    {
      schema: {
        tags: ['auth'],
        summary: 'Stay signed in: a new 60-minute session for the signed-in user, answered like the login',
        security: [{ bearer: [] }],
        response: { 200: sessionUser, 401: errorResponse },
      },
    },
    async (request) => renewSession(app.deps, actorOf(request)),
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
