import { errorResponse, messageResponse, uuidSchema } from '@app/domain/common.schemas';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import {
  assignEnquiryRequest,
  enquiriesQuery,
  enquiryHistory,
  enquiryList,
  followUpAnswer,
  followUpQueue,
  followUpRequest,
  funnelReport,
  publicEnquiryRequest,
  reportQuery,
} from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { enquiryParams } from '@app/domain/visiting.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook, workbookNameOn } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { enquiriesWorkbook } from './enquiries-workbook';
import {
  assignEnquiry,
  enquiriesOf,
  enquiryHistory as historyOf,
  followUpQueue as queueOf,
  recordFollowUp,
  submitWebsiteEnquiry,
  toFunnelEnquiry,
} from './funnel.service';
import { funnelReportOf, reportWorkbook } from './reports.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const changeErrors = { ...errors, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const tags = ['funnel'];

/** The public site's contact form (issue 26): rate-limited, with a honeypot. */
export const publicEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/enquiry',
    {
      schema: {
        tags,
        summary: "The contact form: an enquiry (source website) given to a counsellor of the visitor's city",
        body: publicEnquiryRequest,
        response: { 201: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await submitWebsiteEnquiry(app.deps, { input: request.body, ip: request.ip });
      return reply.status(201).send({ message: messages.contactThanks });
    },
  );
};

/** Follow-ups, the queue, the enquiries list and download, the report (counsellors their own). */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/follow-ups',
    {
      schema: {
        tags,
        summary:
          "The follow-up queue as of today in India: a counsellor's own; an admin's everyone's or one counsellor's",
        security,
        querystring: z.object({
          counsellor: z.preprocess((value) => (value === '' ? undefined : value), uuidSchema.optional()),
        }),
        response: { 200: followUpQueue, ...errors },
      },
    },
    async (request) => queueOf(app.deps, { by: actorOf(request), counsellor: request.query.counsellor }),
  );

  app.get(
    '/enquiries',
    {
      schema: {
        tags,
        summary: 'Enquiries of any source, filtered; `format=xlsx` streams them as Excel',
        security,
        querystring: enquiriesQuery,
        produces: ['application/json', XLSX_TYPE],
        response: { 200: enquiryList.or(z.any().describe(XLSX_TYPE)), ...errors },
      },
    },
    async (request, reply) => {
      const rows = enquiriesOf(app.deps.db, { by: actorOf(request), query: request.query });
      async function* answers() {
        for await (const row of rows) yield toFunnelEnquiry(row);
      }
      if (request.query.format === 'xlsx')
        return sendWorkbook(reply, enquiriesWorkbook(answers()), workbookNameOn('Enquiries', app.deps.clock()));
      const data = [];
      for await (const row of answers()) {
        data.push(row);
        if (data.length >= 1000) break;
      }
      return { data };
    },
  );

  app.get(
    '/enquiries/:id',
    {
      schema: {
        tags,
        summary: 'One enquiry and its follow-ups, newest first',
        security,
        params: enquiryParams,
        response: { 200: enquiryHistory, ...errors, 404: errorResponse },
      },
    },
    async (request) => historyOf(app.deps.db, { id: request.params.id, by: actorOf(request) }),
  );

  app.post(
    '/enquiries/:id/follow-ups',
    {
      schema: {
        tags,
        summary: 'Record a call or visit and the next follow-up date',
        security,
        params: enquiryParams,
        body: followUpRequest,
        response: { 201: followUpAnswer, ...changeErrors },
      },
    },
    async (request, reply) => {
      const data = await recordFollowUp(app.deps.db, {
        id: request.params.id,
        input: request.body,
        by: actorOf(request),
      });
      return reply.status(201).send({ message: messages.followUpSaved, data });
    },
  );

  app.get(
    '/reports/funnel',
    {
      schema: {
        tags,
        summary: "Per counsellor over a period: the funnel and the money (a counsellor's own); `format=xlsx` as Excel",
        security,
        querystring: reportQuery,
        produces: ['application/json', XLSX_TYPE],
        response: { 200: funnelReport.or(z.any().describe(XLSX_TYPE)), ...errors },
      },
    },
    async (request, reply) => {
      const report = await funnelReportOf(app.deps, { by: actorOf(request), query: request.query });
      if (request.query.format === 'xlsx')
        return sendWorkbook(reply, reportWorkbook(report), workbookNameOn('Counsellor_Report', app.deps.clock()));
      return report;
    },
  );
};

/** An admin gives an enquiry to another counsellor. */
export const funnelAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/enquiries/:id/assign',
    {
      schema: {
        tags,
        summary: 'Give an enquiry to another active counsellor',
        security,
        params: enquiryParams,
        body: assignEnquiryRequest,
        response: { 200: followUpAnswer, ...changeErrors },
      },
    },
    async (request) => ({
      message: messages.enquiryAssigned,
      data: await assignEnquiry(app.deps.db, {
        id: request.params.id,
        counsellor: request.body.counsellor,
        by: actorOf(request),
      }),
    }),
  );
};
