import { errorResponse } from '@app/domain/common.schemas';
import { flagNameParams, settingFlag, updateFlagRequest } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { listFlags, updateFlag } from './flags.service';

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
      return { data: await listFlags(app.db.db) };
    },
  );

  app.put(
    '/updateSettingFlag/:flagName',
    {
      schema: {
        tags: ['settings'],
        summary: "Switch a flag on ('true') or off ('false')",
        security: [{ bearer: [] }],
        params: flagNameParams,
        body: updateFlagRequest,
        response: {
          200: z.object({ message: z.string(), data: settingFlag }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: messages.flagUpdated,
      data: await updateFlag(app.db.db, {
        flagName: request.params.flagName,
        flagValue: request.body.flagValue,
        by: actorOf(request),
      }),
    }),
  );
};
