import { errorResponse, optionalNumberField, requiredText } from '@app/domain/common.schemas';
import { refundIdQuery } from '@app/domain/corrections.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/pdf/reply';
import { actorOf } from '../../plugins/auth';
import { paymentReceiptPdf, refundVoucherPdf, registrationFormPdf } from './documents.service';

const studentQuery = z.object({ studentId: requiredText(20, messages.studentNotFoundPdf) });
const receiptQuery = studentQuery.extend({
  paymentId: optionalNumberField({ invalid: messages.paymentNotFound, min: 1, max: 2_147_483_647, decimals: 0 }),
});
const pdfResponses = {
  200: z.any().describe('application/pdf'),
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registration-form',
    {
      schema: {
        tags: ['documents'],
        summary: "A student's registration form as a PDF",
        security: [{ bearer: [] }],
        querystring: studentQuery,
        produces: ['application/pdf'],
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const by = actorOf(request);
      const pdf = await registrationFormPdf(app.deps, { studentId: request.query.studentId, by });
      app.deps.accessLog.record({ by, what: 'registration_pdf', studentId: request.query.studentId });
      return sendPdf(reply, pdf, `Registration_${request.query.studentId}.pdf`);
    },
  );

  app.get(
    '/payment-receipt',
    {
      schema: {
        tags: ['documents'],
        summary: "A fee receipt for one payment (paymentId), or a statement of all of a student's payments",
        security: [{ bearer: [] }],
        querystring: receiptQuery,
        produces: ['application/pdf'],
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const { studentId, paymentId } = request.query;
      const by = actorOf(request);
      const pdf = await paymentReceiptPdf(app.deps, { studentId, paymentId, by });
      app.deps.accessLog.record({ by, what: 'receipt_pdf', studentId });
      return sendPdf(reply, pdf, `Receipt_${studentId}${paymentId ? `_${paymentId}` : ''}.pdf`);
    },
  );

  app.get(
    '/refund-voucher',
    {
      schema: {
        tags: ['documents'],
        summary: "A refund's voucher as a PDF (counsellors: their own students')",
        security: [{ bearer: [] }],
        querystring: refundIdQuery,
        produces: ['application/pdf'],
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const { refundId } = request.query;
      const pdf = await refundVoucherPdf(app.deps, { refundId, by: actorOf(request) });
      return sendPdf(reply, pdf, `Refund_${refundId}.pdf`);
    },
  );
};
