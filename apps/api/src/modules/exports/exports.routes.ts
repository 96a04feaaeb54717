import { errorResponse } from '@app/domain/common.schemas';
import { exportRow, filteredRegisterRequest, XLSX_TYPE } from '@app/domain/export.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { exportWorkbook, listFilteredRegister } from './exports.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/getFilteredRegister',
    {
      schema: {
        tags: ['registrations'],
        summary:
          'The Excel Export Tool: matching registrations with the chosen columns, as JSON rows, or as the ' +
          `workbook itself with \`format: "xlsx"\` or \`Accept: ${XLSX_TYPE}\``,
        security: [{ bearer: [] }],
        body: filteredRegisterRequest,
        produces: ['application/json', XLSX_TYPE],
        response: {
          200: z.object({ data: z.array(exportRow) }).or(z.any().describe(XLSX_TYPE)),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const wantsFile = request.body.format === 'xlsx' || (request.headers.accept ?? '').includes(XLSX_TYPE);
      // Issue 27: an export is logged once, with its filter and how many students it held.
      const { columns: _columns, ...filter } = request.body;
      const logExport = (count: number) =>
        app.deps.accessLog.record({ by: actorOf(request), what: 'export', detail: { filter, count } });
      if (!wantsFile) {
        const rows = await listFilteredRegister(app.deps.db, request.body);
        logExport(rows.data.length);
        return rows;
      }
      const { fileName, stream, count } = await exportWorkbook(app.deps.db, request.body, {
        onError: (error) => request.log.error({ err: error }, 'Excel export failed while streaming'),
      });
      logExport(count);
      return sendWorkbook(reply, stream, fileName);
    },
  );
};
