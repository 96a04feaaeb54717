import { errorResponse, messageResponse, uuidSchema } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { changePasswordRequest, getUsersQuery, registerUserRequest, user } from '@app/domain/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { changePassword, createUser, listUsers, toggleUserActive } from './users.service';

const uuidParams = z.object({ uuid: uuidSchema });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** POST /auth/register lives with the users it creates. */
export const registerUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a counsellor or teacher (admin)',
        security: [{ bearer: [] }],
        body: registerUserRequest,
        response: { 201: messageResponse.extend({ data: user }), ...errors },
      },
    },
    async (request, reply) => {
      const created = await createUser(app.deps.db, { ...request.body, by: actorOf(request) });
      return reply.status(201).send({ message: messages.userCreated, data: created });
    },
  );
};

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The existing client lists users with their details from a second path; both answer the same.
  for (const url of ['/getUser', '/getUserWithDetails']) {
    app.get(
      url,
      {
        schema: {
          tags: ['users'],
          summary: 'List users with their details, optionally of one role',
          security: [{ bearer: [] }],
          querystring: getUsersQuery,
          response: { 200: z.object({ data: z.array(user) }), ...errors },
        },
      },
      async (request) => ({ data: await listUsers(app.deps.db, { role: request.query.role }) }),
    );
  }

  app.put(
    '/changePassword/:uuid',
    {
      schema: {
        tags: ['users'],
        summary: "Set a user's password",
        security: [{ bearer: [] }],
        params: uuidParams,
        body: changePasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await changePassword(app.deps, {
        uuid: request.params.uuid,
        password: request.body.password,
        by: actorOf(request),
      });
      return { message: messages.passwordChanged };
    },
  );

  app.delete(
    '/deleteUser/:uuid',
    {
      schema: {
        tags: ['users'],
        summary: 'Toggle a user between active and deactivated',
        security: [{ bearer: [] }],
        params: uuidParams,
        response: { 200: messageResponse.extend({ data: user }), ...errors },
      },
    },
    async (request) => {
      const updated = await toggleUserActive(app.deps, { uuid: request.params.uuid, by: actorOf(request) });
      return { message: updated.isActive ? messages.userActivated : messages.userDeactivated, data: updated };
    },
  );
};
