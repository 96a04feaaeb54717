import {
  addChallanRequest,
  addChallanResponse,
  bookIdParams,
  bookStockResponse,
  challanIdQuery,
  challanListQuery,
  challanListResponse,
  challanPage,
  challanParams,
  counsellorIdParams,
  counsellorStudentsResponse,
  markGivenRequest,
  myChallansQuery,
  pendingDistributionResponse,
  receiveChallanRequest,
  studentIdParams,
} from '@app/domain/books.schemas';
import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/pdf/reply';
import { sendWorkbook } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import {
  addChallan,
  getBooksByCounsellor,
  getChallan,
  getChallans,
  getOwnChallans,
  getPendingDistribution,
  getStudentsByCounsellor,
  markBookReceived,
  markStudentGiven,
  receiveChallan,
} from './books.service';
import { renderChallanPdf } from './challan.pdf';
import { renderPendingDistributionXlsx } from './pending-distribution.xlsx';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const tags = ['books'];

/** Under /api/admin: challans, any counsellor's books, the pending-distribution report. */
export const booksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/addBooksWithChalan',
    {
      schema: {
        tags,
        summary: 'Send books, pamphlets and receipt books to a counsellor with a numbered challan',
        security,
        body: addChallanRequest,
        response: { 201: addChallanResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await addChallan(app.deps.db, { input: request.body, by: actorOf(request) });
      return reply.status(201).send({ message: messages.challanAdded, data });
    },
  );

  app.get(
    '/chalans',
    {
      schema: {
        tags,
        summary: 'Challans newest first; with page: one page, the match count and the six tiles',
        security,
        querystring: challanListQuery,
        response: { 200: challanListResponse, ...errors },
      },
    },
    async (request) => getChallans(app.deps.db, request.query),
  );

  app.get(
    '/getBooksByCounsellor/:counsellorId',
    {
      schema: {
        tags,
        summary: "A counsellor's book stock (a counsellor only their own)",
        security,
        params: counsellorIdParams,
        response: { 200: bookStockResponse, ...errors },
      },
    },
    async (request) => ({
      data: await getBooksByCounsellor(app.deps.db, {
        counsellorId: request.params.counsellorId,
        by: actorOf(request),
      }),
    }),
  );

  app.get(
    '/books/pendingDistribution',
    {
      schema: {
        tags,
        summary: 'Students who paid and still wait for a book set, per counsellor, with days waiting',
        security,
        response: { 200: pendingDistributionResponse, ...errors },
      },
    },
    async () => ({ data: await getPendingDistribution(app.deps.db) }),
  );

  app.get(
    '/books/pendingDistribution.xlsx',
    {
      schema: {
        tags,
        summary: 'The pending-distribution report as an Excel file',
        security,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().describe('xlsx'), ...errors },
      },
    },
    async (_request, reply) => {
      const file = await renderPendingDistributionXlsx(await getPendingDistribution(app.deps.db));
      return sendWorkbook(reply, file, 'Pending_Book_Distribution.xlsx');
    },
  );
};

/** Under /api/counsellor: receiving stock and handing sets to students. */
export const booksCounsellorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/markBookReceived/:bookId',
    {
      schema: {
        tags,
        summary: "The counsellor confirms a book's new stock: it is now in hand",
        security,
        params: bookIdParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await markBookReceived(app.deps.db, { bookId: request.params.bookId, by: actorOf(request) });
      return { message: messages.bookMarkedReceived };
    },
  );

  app.get(
    '/myChalans',
    {
      schema: {
        tags,
        summary: "The signed-in counsellor's challans, one page, newest first, with whether each is received",
        security,
        querystring: myChallansQuery,
        response: { 200: challanPage, ...errors },
      },
    },
    async (request) => getOwnChallans(app.deps.db, { ...request.query, by: actorOf(request) }),
  );

  app.put(
    '/chalans/:id/receive',
    {
      schema: {
        tags,
        summary: "The counsellor confirms a challan's receipt with the receiver's signed copy (a saved photo)",
        security,
        params: challanParams,
        body: receiveChallanRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await receiveChallan(app.deps, { id: request.params.id, ...request.body, by: actorOf(request) });
      return { message: messages.challanReceived };
    },
  );

  app.get(
    '/getStudentsByCounsellor/:counsellorId',
    {
      schema: {
        tags,
        summary: "A counsellor's students that still have a book set not given",
        security,
        params: counsellorIdParams,
        response: { 200: counsellorStudentsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await getStudentsByCounsellor(app.deps.db, {
        counsellorId: request.params.counsellorId,
        by: actorOf(request),
      }),
    }),
  );

  app.put(
    '/markStudentGiven/:studentId',
    {
      schema: {
        tags,
        summary: 'Hand a book set to a student: one copy of each of its books leaves the stock in hand',
        security,
        params: studentIdParams,
        body: markGivenRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const { bookSet } = request.body;
      await markStudentGiven(app.deps.db, { studentId: request.params.studentId, bookSet, by: actorOf(request) });
      return { message: `Books for ${bookSet} marked as given` };
    },
  );
};

/** Under /api/pdf: the challan as a printable delivery note. */
export const challanPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challan',
    {
      schema: {
        tags: ['documents'],
        summary: 'A challan as a PDF delivery note (a counsellor only their own)',
        security,
        querystring: challanIdQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const challan = await getChallan(app.deps.db, { id: request.query.id, by: actorOf(request) });
      const pdf = await renderChallanPdf(challan);
      return sendPdf(reply, pdf, `Challan_${challan.chalanNo}.pdf`);
    },
  );
};
