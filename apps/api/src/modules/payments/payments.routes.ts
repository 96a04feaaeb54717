import { errorResponse } from '@app/domain/common.schemas';
import { DomainError } from '@app/domain/errors';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import {
  getPaymentsQuery,
  makePaymentRequest,
  makePaymentResponse,
  paymentSummary,
  paymentSummaryPage,
} from '@app/domain/payments.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook, workbookNameOn } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { listPaymentSummaries, listPaymentSummariesPage, makePayment } from './payments.service';
import { paymentsWorkbook } from './payments-workbook';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/makePayment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record an instalment; send an Idempotency-Key header so a retry cannot pay twice',
        security,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: makePaymentRequest,
        response: { 201: makePaymentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new DomainError('BAD_REQUEST', messages.idempotencyKeyInvalid);
      }
      const result = await makePayment(app.deps, { input: request.body, by: actorOf(request), idempotencyKey });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/getPayments',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Students with their payments, newest payment first (counsellors: their own students); paged, searched and filtered when `page` is given',
        security,
        querystring: getPaymentsQuery,
        produces: ['application/json', XLSX_TYPE],
        response: {
          200: z
            .union([paymentSummaryPage, z.object({ studentData: z.array(paymentSummary) })])
            .or(z.any().describe(XLSX_TYPE)),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      if (request.query.format === 'xlsx') {
        return sendWorkbook(
          reply,
          paymentsWorkbook(app.deps.db, { by: actorOf(request), query: request.query }),
          workbookNameOn('Payments', app.deps.clock()),
        );
      }
      if (page)
        return listPaymentSummariesPage(app.deps.db, { by: actorOf(request), query: { ...request.query, page } });
      return { studentData: await listPaymentSummaries(app.deps.db, { by: actorOf(request) }) };
    },
  );
};
