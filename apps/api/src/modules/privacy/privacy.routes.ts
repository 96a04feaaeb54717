import { errorResponse } from '@app/domain/common.schemas';
import {
  closeDataRequestRequest,
  confirmConsentCodeRequest,
  consentAnswer,
  consentStatusResponse,
  consentWaitingResponse,
  createDataRequestRequest,
  dataRequestIdParams,
  dataRequestSaved,
  dataRequestsQuery,
  dataRequestsResponse,
  paperConsentRequest,
  privacyMessages,
  privacyNoticeResponse,
  privacySummary,
  sendConsentCodeRequest,
  sendConsentCodeResponse,
  studentDataCopy,
} from '@app/domain/privacy.schemas';
import { studentIdParams } from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/pdf/reply';
import { actorOf } from '../../plugins/auth';
import {
  confirmConsentCode,
  getConsentStatus,
  getPrivacyNotice,
  listWaitingForConsent,
  recordPaperConsent,
  sendConsentCode,
  withdrawConsent,
} from './consent.service';
import { dataCopyPdf } from './data-copy.service';
import {
  closeDataRequest,
  createDataRequest,
  eraseForRequest,
  getPrivacySummary,
  getStudentDataCopy,
  listRequests,
} from './rights.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};
const security = [{ bearer: [] }];
const tags = ['privacy'];

/** The privacy notice in force, for the public pages and every form that shows it. */
export const publicPrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacyNotice',
    {
      schema: {
        tags,
        summary: 'The privacy notice in force (English and Marathi) and its version',
        response: { 200: privacyNoticeResponse },
      },
    },
    async () => getPrivacyNotice(app.deps.db),
  );
};

/** A parent's consent, recorded on the counsellor's screen (admins any student, counsellors their own). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent/:studentId',
    {
      schema: {
        tags,
        summary: "Where a student's parental consent stands, and its history",
        security,
        params: studentIdParams,
        response: { 200: consentStatusResponse, ...errors },
      },
    },
    async (request) => getConsentStatus(app.deps, { studentId: request.params.studentId, by: actorOf(request) }),
  );

  app.post(
    '/consent/:studentId/code',
    {
      schema: {
        tags,
        summary: "Send a one-time consent code to the parent's phone (10 minutes; 3 an hour)",
        security,
        params: studentIdParams,
        body: sendConsentCodeRequest,
        response: { 200: sendConsentCodeResponse, ...errors },
      },
    },
    async (request) =>
      sendConsentCode(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        language: request.body.language,
      }),
  );

  app.post(
    '/consent/:studentId/confirm',
    {
      schema: {
        tags,
        summary: 'Record consent with the code the parent read out',
        security,
        params: studentIdParams,
        body: confirmConsentCodeRequest,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => ({
      message: privacyMessages.consentRecorded,
      state: await confirmConsentCode(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        code: request.body.code,
        allowMessages: request.body.messages,
      }),
    }),
  );

  app.post(
    '/consent/:studentId/paper',
    {
      schema: {
        tags,
        summary: 'Record consent with a photo of the signed paper form',
        security,
        params: studentIdParams,
        body: paperConsentRequest,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => ({
      message: privacyMessages.consentRecorded,
      state: await recordPaperConsent(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        photo: request.body.photo,
        allowMessages: request.body.messages,
      }),
    }),
  );
};

/** Admins: who is waiting for consent; a withdrawal taken by the office. */
export const privacyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent/waiting',
    {
      schema: {
        tags,
        summary: "Registrations held for a parent's consent, oldest first",
        security,
        response: { 200: consentWaitingResponse, ...errors },
      },
    },
    async () => listWaitingForConsent(app.deps),
  );

  app.put(
    '/consent/:studentId/withdraw',
    {
      schema: {
        tags,
        summary: "Withdraw a parent's consent: messages stop at once, no student sign-in",
        security,
        params: studentIdParams,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => ({
      message: privacyMessages.consentWithdrawn,
      state: await withdrawConsent(app.deps, { studentId: request.params.studentId, by: actorOf(request) }),
    }),
  );
};

/** Admins: the request register, erasure, a copy of a student's data, and the Home figures. */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/summary',
    {
      schema: {
        tags,
        summary: 'Home figures: waiting for consent, requests open and overdue',
        security,
        response: { 200: privacySummary, ...errors },
      },
    },
    async () => getPrivacySummary(app.deps),
  );

  app.get(
    '/dataRequests',
    {
      schema: {
        tags,
        summary: "Families' requests about their data: the open ones by due day, or all",
        security,
        querystring: dataRequestsQuery,
        response: { 200: dataRequestsResponse, ...errors },
      },
    },
    async (request) => ({ data: await listRequests(app.deps, { status: request.query.status }) }),
  );

  app.post(
    '/dataRequests',
    {
      schema: {
        tags,
        summary: "Record a family's request (a withdrawal of consent takes effect at once)",
        security,
        body: createDataRequestRequest,
        response: { 201: dataRequestSaved, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createDataRequest(app.deps, { by: actorOf(request), input: request.body });
      return reply.code(201).send({ message: privacyMessages.requestRecorded, data });
    },
  );

  app.put(
    '/dataRequests/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a request with what was done, or why it was refused',
        security,
        params: dataRequestIdParams,
        body: closeDataRequestRequest,
        response: { 200: dataRequestSaved, ...errors },
      },
    },
    async (request) => ({
      message: privacyMessages.requestClosed,
      data: await closeDataRequest(app.deps, { by: actorOf(request), id: request.params.id, input: request.body }),
    }),
  );

  app.post(
    '/dataRequests/:id/erase',
    {
      schema: {
        tags,
        summary: 'Carry out an erasure request: receipts and accounts kept, the rest erased',
        security,
        params: dataRequestIdParams,
        response: { 200: dataRequestSaved, ...errors },
      },
    },
    async (request) => ({
      message: privacyMessages.studentErased,
      data: await eraseForRequest(app.deps, { by: actorOf(request), id: request.params.id }),
    }),
  );

  app.get(
    '/dataCopy/:studentId',
    {
      schema: {
        tags,
        summary: 'Everything held about one student, machine-readable (JSON)',
        security,
        params: studentIdParams,
        response: { 200: studentDataCopy, ...errors },
      },
    },
    async (request, reply) => {
      const { raw: _raw, ...copy } = await getStudentDataCopy(app.deps, { studentId: request.params.studentId });
      return reply
        .header('content-disposition', `attachment; filename="Data_${request.params.studentId}.json"`)
        .header('cache-control', 'private, no-store')
        .send(copy);
    },
  );
};

/** The copy of a student's data as one PDF (admins). */
export const dataCopyPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dataCopy',
    {
      schema: {
        tags,
        summary: 'Everything held about one student, as one PDF',
        security,
        querystring: studentIdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await dataCopyPdf(app.deps, { studentId: request.query.studentId });
      return sendPdf(reply, pdf, `Data_${request.query.studentId}.pdf`);
    },
  );
};
