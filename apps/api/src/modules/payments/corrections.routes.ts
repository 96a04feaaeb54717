import { errorResponse } from '@app/domain/common.schemas';
import {
  cancellationRequest,
  cancellationRequestParams,
  cancellationRequestsQuery,
  cancelPaymentRequest,
  correctionResponse,
  decideCancellationRequest,
  gstSettings,
  gstSettingsRequest,
  gstSummaryQuery,
  paymentIdParams,
  refundRequest,
  requestCancellationRequest,
} from '@app/domain/corrections.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import {
  cancelPayment,
  decideCancellation,
  getGstSettings,
  listCancellationRequests,
  refundPayment,
  requestCancellation,
  setGstSettings,
} from './corrections.service';
import { gstSummaryXlsx } from './gst-summary.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const tags = ['corrections'];
const messageResponse = z.object({ message: z.string() });

/** Under /api/admin: cancelling receipts, deciding requests, refunds, GST settings and summary (issue 25). */
export const correctionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/payments/:paymentId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a receipt with a reason: it stays, marked Cancelled, and no longer counts as paid',
        security,
        params: paymentIdParams,
        body: cancelPaymentRequest,
        response: { 200: correctionResponse, ...errors },
      },
    },
    async (request) =>
      cancelPayment(app.deps, { paymentId: request.params.paymentId, input: request.body, by: actorOf(request) }),
  );

  app.get(
    '/cancellationRequests',
    {
      schema: {
        tags,
        summary: "Counsellors' requests to cancel receipts; waiting ones first",
        security,
        querystring: cancellationRequestsQuery,
        response: { 200: z.object({ data: z.array(cancellationRequest) }), ...errors },
      },
    },
    async (request) => ({ data: await listCancellationRequests(app.deps.db, { status: request.query.status }) }),
  );

  app.put(
    '/cancellationRequests/:id',
    {
      schema: {
        tags,
        summary: 'Approve (cancels the receipt) or reject, with a reason, a cancellation request',
        security,
        params: cancellationRequestParams,
        body: decideCancellationRequest,
        response: { 200: z.union([correctionResponse, messageResponse]), ...errors },
      },
    },
    async (request) =>
      decideCancellation(app.deps, { id: request.params.id, input: request.body, by: actorOf(request) }),
  );

  app.post(
    '/refunds',
    {
      schema: {
        tags,
        summary: 'Pay money back against a receipt: a refund voucher of its own; lowers what the student has paid',
        security,
        body: refundRequest,
        response: { 201: correctionResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await refundPayment(app.deps, { input: request.body, by: actorOf(request) })),
  );

  app.get(
    '/gstSettings',
    {
      schema: {
        tags,
        summary: "The institute's GST details (off while the GSTIN is blank)",
        security,
        response: { 200: gstSettings, ...errors },
      },
    },
    async () => getGstSettings(app.deps.db),
  );

  app.put(
    '/gstSettings',
    {
      schema: {
        tags,
        summary: 'Set the GSTIN, legal name, address and bank details; a blank GSTIN turns GST receipts off',
        security,
        body: gstSettingsRequest,
        response: { 200: gstSettings.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      ...(await setGstSettings(app.deps.db, { input: request.body, by: actorOf(request) })),
      message: messages.gstSettingsSaved,
    }),
  );

  app.get(
    '/gstSummary.xlsx',
    {
      schema: {
        tags,
        summary: "A month's tax receipts and refunds for the accountant (cancelled receipts marked, not counted)",
        security,
        querystring: gstSummaryQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().describe('xlsx'), ...errors },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const file = await gstSummaryXlsx(app.deps.db, { month });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="GST_Summary_${month}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};

/** Under /api/counsellor: a counsellor asks for a cancellation of their own student's receipt. */
export const correctionsCounsellorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/:paymentId/cancellationRequest',
    {
      schema: {
        tags,
        summary: "Ask an admin to cancel a receipt of one's own student, with a reason",
        security,
        params: paymentIdParams,
        body: requestCancellationRequest,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requestCancellation(app.deps, {
        paymentId: request.params.paymentId,
        reason: request.body.reason,
        by: actorOf(request),
      });
      return reply.status(201).send({ message: messages.cancellationRequested });
    },
  );
};
