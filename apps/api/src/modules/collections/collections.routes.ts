import {
  collectionPayment,
  collectionSummary,
  collectionTransaction,
  editSettlementRequest,
  reverseSettlementRequest,
  settlementAccountsRequest,
  settleRequest,
  verifyPaymentRequest,
  verifyRequest,
} from '@app/domain/collections.schemas';
import { errorResponse, messageResponse, uuidSchema, wholeNumber } from '@app/domain/common.schemas';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook, workbookNameOn } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { collectionWorkbook } from './collection-workbook';
import {
  decide,
  editSettlement,
  getAccounts,
  getAllTransactions,
  getCollection,
  getCollectionPayments,
  reverseSettlement,
  setAccounts,
  settle,
  withdrawSettlement,
} from './collections.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const counsellorParams = z.object({ counsellorId: uuidSchema });
const accountsResponse = z.object({ data: z.array(z.string()) });
const settlementParams = z.object({
  id: wholeNumber({
    required: messages.settlementNotFound,
    invalid: messages.settlementNotFound,
    min: 1,
    max: 2_147_483_647,
  }),
});
const decidedMessage = (status: 'verified' | 'rejected') =>
  status === 'verified' ? messages.settlementVerified : messages.settlementRejected;

export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The existing client's admin list and verify live under /counsellor; a static path wins over
  // '/collection/:counsellorId'.
  app.get(
    '/collection/AllTransactions',
    {
      schema: {
        tags: ['collections'],
        summary: "Every counsellor's settlements, newest first (admin)",
        security,
        response: { 200: z.array(collectionTransaction), ...errors },
      },
    },
    async () => getAllTransactions(app.deps.db),
  );

  app.put(
    '/collection/verifyPayment/:id',
    {
      schema: {
        tags: ['collections'],
        summary: 'Verify or reject a pending settlement (admin; a rejection may come without a reason)',
        security,
        params: settlementParams,
        body: verifyPaymentRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      const rejection = status === 'rejected' ? (reason ?? messages.rejectedWithoutReason) : undefined;
      await decide(app.deps.db, { id: request.params.id, status, reason: rejection, by: actorOf(request) });
      return { message: decidedMessage(status) };
    },
  );

  app.get(
    '/collection/:counsellorId',
    {
      schema: {
        tags: ['collections'],
        summary: "A counsellor's cash ledger: collected, commission, owed, settled, pending, balance",
        security,
        params: counsellorParams,
        response: { 200: collectionSummary, ...errors },
      },
    },
    async (request) => getCollection(app.deps.db, { counsellorId: request.params.counsellorId, by: actorOf(request) }),
  );

  app.get(
    '/collection/payments/:counsellorId',
    {
      schema: {
        tags: ['collections'],
        summary: "A counsellor's settlements, newest first; `format=xlsx` as Excel",
        security,
        params: counsellorParams,
        querystring: z.object({ format: z.enum(['json', 'xlsx']).optional() }),
        produces: ['application/json', XLSX_TYPE],
        response: { 200: z.array(collectionPayment).or(z.any().describe(XLSX_TYPE)), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await getCollectionPayments(app.deps.db, {
        counsellorId: request.params.counsellorId,
        by: actorOf(request),
      });
      if (request.query.format !== 'xlsx') return rows;
      return sendWorkbook(reply, collectionWorkbook(rows), workbookNameOn('Transactions', app.deps.clock()));
    },
  );

  app.get(
    '/settlementAccounts',
    {
      schema: {
        tags: ['collections'],
        summary: 'The accounts counsellors pay into',
        security,
        response: { 200: accountsResponse, ...errors },
      },
    },
    async () => ({ data: await getAccounts(app.deps.db) }),
  );

  app.post(
    '/myCollection/settle',
    {
      schema: {
        tags: ['collections'],
        summary: 'Pass collected cash to the company (the signed-in counsellor)',
        security,
        body: settleRequest,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await settle(app.deps, { input: request.body, by: actorOf(request) });
      return reply.status(201).send({ message: messages.settlementSubmitted });
    },
  );

  app.put(
    '/myCollection/settlements/:id',
    {
      schema: {
        tags: ['collections'],
        summary: 'Correct a pending settlement (its counsellor, until an admin decides it)',
        security,
        params: settlementParams,
        body: editSettlementRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await editSettlement(app.deps, { id: request.params.id, input: request.body, by: actorOf(request) });
      return { message: messages.settlementUpdated };
    },
  );

  app.put(
    '/myCollection/settlements/:id/withdraw',
    {
      schema: {
        tags: ['collections'],
        summary: 'Withdraw a pending settlement (its counsellor, until an admin decides it); the row stays',
        security,
        params: settlementParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await withdrawSettlement(app.deps.db, { id: request.params.id, by: actorOf(request) });
      return { message: messages.settlementWithdrawn };
    },
  );
};

export const collectionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/collection/:id/verify',
    {
      schema: {
        tags: ['collections'],
        summary: 'Verify or reject a pending settlement',
        security,
        params: settlementParams,
        body: verifyRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await decide(app.deps.db, { id: request.params.id, ...request.body, by: actorOf(request) });
      return { message: decidedMessage(request.body.status) };
    },
  );

  app.put(
    '/collection/:id/reverse',
    {
      schema: {
        tags: ['collections'],
        summary: "Reverse a verified settlement with a reason: its amount is in the counsellor's cash in hand again",
        security,
        params: settlementParams,
        body: reverseSettlementRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await reverseSettlement(app.deps.db, {
        id: request.params.id,
        reason: request.body.reason,
        by: actorOf(request),
      });
      return { message: messages.settlementReversed };
    },
  );

  app.put(
    '/settlementAccounts',
    {
      schema: {
        tags: ['collections'],
        summary: 'Replace the accounts counsellors pay into',
        security,
        body: settlementAccountsRequest,
        response: { 200: accountsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await setAccounts(app.deps.db, { accounts: request.body.accounts, by: actorOf(request) }),
    }),
  );
};
