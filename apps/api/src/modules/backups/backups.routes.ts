import { errorResponse } from '@app/domain/common.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { createBackup } from './backups.service';
import { sendPrivateFile } from '../../lib/private-file';

export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backup',
    {
      schema: {
        tags: ['backups'],
        summary: 'The whole database and every uploaded file as one archive (what `npm run backup` saves)',
        security: [{ bearer: [] }],
        produces: ['application/gzip'],
        response: { 200: z.any().describe('application/gzip'), 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { name, stream } = await createBackup(app.deps, { by: actorOf(request) });
      return sendPrivateFile(reply, { body: stream, contentType: 'application/gzip', fileName: name });
    },
  );
};
