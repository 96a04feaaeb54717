import { errorResponse } from '@app/domain/common.schemas';
import { adminCharts, adminFigures, counsellorFigures, overduePage, overdueQuery } from '@app/domain/home.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook, workbookNameOn } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { getAdminCharts, getAdminFigures, getCounsellorFigures, listOverdue, listOverduePage } from './home.service';
import { overdueWorkbook, XLSX_TYPE } from './overdue-workbook';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const security = [{ bearer: [] }];
const tags = ['home'];

/** The admin Home: one endpoint per card group. */
export const homeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home/figures',
    { schema: { tags, summary: "The admin Home's figures", security, response: { 200: adminFigures, ...errors } } },
    async () => getAdminFigures(app.deps.db, app.deps.clock()),
  );
  app.get(
    '/home/charts',
    { schema: { tags, summary: "The admin Home's charts", security, response: { 200: adminCharts, ...errors } } },
    async () => getAdminCharts(app.deps.db, app.deps.clock()),
  );
};

/** The counsellor Home, and the overdue list (admins: everyone's or one counsellor's). */
export const homeCounsellorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home/figures',
    {
      schema: {
        tags,
        summary: "The counsellor's own Home figures",
        security,
        response: { 200: counsellorFigures, ...errors },
      },
    },
    async (request) => getCounsellorFigures(app.deps.db, { by: actorOf(request), now: app.deps.clock() }),
  );
  app.get(
    '/overdue',
    {
      schema: {
        tags,
        summary:
          'Students whose due date has passed with fees remaining, a page at a time; `format=xlsx` for all of them as Excel',
        security,
        querystring: overdueQuery,
        produces: ['application/json', XLSX_TYPE],
        response: { 200: overduePage.or(z.any().describe(XLSX_TYPE)), ...errors },
      },
    },
    async (request, reply) => {
      const { counsellor, page, limit } = request.query;
      if (request.query.format !== 'xlsx') {
        return listOverduePage(app.deps.db, { by: actorOf(request), counsellor, page, limit, now: app.deps.clock() });
      }
      const data = await listOverdue(app.deps.db, { by: actorOf(request), counsellor, now: app.deps.clock() });
      return sendWorkbook(reply, overdueWorkbook(data), workbookNameOn('Overdue_Students', app.deps.clock()));
    },
  );
};
