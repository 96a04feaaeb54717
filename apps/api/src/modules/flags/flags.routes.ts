import { errorResponse } from '@app/domain/common.schemas';
import { flagNameParams, settingFlag, updateFlagRequest } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { listFlags, listPublicFlags, updateFlag } from './flags.service';

export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getSettingFlags',
    {
      schema: {
        tags: ['settings'],
        summary: 'The setting flags (public: the app reads them before sign-in)',
        response: { 200: z.object({ data: z.array(settingFlag) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listFlags(app.deps.db) };
    },
  );

  app.put(
    '/updateSettingFlag/:flagName',
    {
      schema: {
        tags: ['settings'],
        summary:
          "Switch a flag of the session open for registration on ('true') or off ('false'); releasing hall tickets seats every student without a seat",
        security: [{ bearer: [] }],
        params: flagNameParams,
        body: updateFlagRequest,
        response: {
          // seatsAssigned (beside SPEC's answer): students seated by this release of hall tickets.
          200: z.object({ message: z.string(), data: settingFlag, seatsAssigned: z.number().int() }),
          409: errorResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { seatsAssigned, ...data } = await updateFlag(app.deps.db, {
        flagName: request.params.flagName,
        flagValue: request.body.flagValue,
        by: actorOf(request),
      });
      return { message: messages.flagUpdated, data, seatsAssigned };
    },
  );
};

/** GET /api/public/releases: the flags the public Hall Ticket and Result pages follow (any session released). */
export const publicFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/releases',
    {
      schema: {
        tags: ['settings'],
        summary: 'Whether any exam session has released its hall tickets, its results (the public pages follow these)',
        response: { 200: z.object({ data: z.array(settingFlag) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listPublicFlags({ db: app.deps.db, cache: app.deps.lookupCache }) };
    },
  );
};
