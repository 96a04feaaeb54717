import { errorResponse } from '@app/domain/common.schemas';
import {
  accessLogResponse,
  breachesResponse,
  breachIdParams,
  breachNotices as breachNoticesResponse,
  breachSaved,
  breachSendReport,
  closeDataRequestRequest,
  confirmConsentCodeRequest,
  consentAnswer,
  consentLinkAnswerRequest,
  consentLinkParams,
  consentLinkResponse,
  consentStatusResponse,
  consentWaitingResponse,
  createBreachRequest,
  createDataRequestRequest,
  dataRequestIdParams,
  dataRequestSaved,
  dataRequestsQuery,
  dataRequestsResponse,
  paperConsentRequest,
  privacyMessages,
  privacyNoticeResponse,
  privacySettingsRequest,
  privacySettingsResponse,
  privacySummary,
  retentionReport,
  retentionRuns,
  sendConsentCodeRequest,
  sendConsentCodeResponse,
  studentDataCopy,
} from '@app/domain/privacy.schemas';
import { studentIdParams } from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/pdf/reply';
import { actorOf } from '../../plugins/auth';
import { listAccessOf } from './access-log';
import { breachNotices, listBreaches, recordBreach, sendBreachNotices } from './breaches.service';
import {
  answerConsentLink,
  confirmConsentCode,
  getConsentLink,
  getConsentStatus,
  getPrivacyNotice,
  listWaitingForConsent,
  recordPaperConsent,
  sendConsentCode,
  withdrawConsent,
} from './consent.service';
import { dataCopyPdf } from './data-copy.service';
import { getPrivacySettings, listRuns, runRetention, savePrivacySettings } from './retention.service';
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

  app.get(
    '/consentLink/:token',
    {
      schema: {
        tags,
        summary: "The consent page's link from the parent's message: whose consent, which notice version",
        params: consentLinkParams,
        response: { 200: consentLinkResponse, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const answer = await getConsentLink(app.deps, { token: request.params.token, ip: request.ip });
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );

  app.post(
    '/consentLink/:token',
    {
      schema: {
        tags,
        summary:
          "The parent's answer on the consent page (consent, or consent without messages); the link is used once",
        params: consentLinkParams,
        body: consentLinkAnswerRequest,
        response: {
          200: consentAnswer,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const state = await answerConsentLink(app.deps, {
        token: request.params.token,
        ip: request.ip,
        allowMessages: request.body.messages,
        noticeVersion: request.body.noticeVersion,
      });
      return {
        message: state === 'given' ? privacyMessages.consentLinkGiven : privacyMessages.consentLinkRefused,
        state,
      };
    },
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
    '/accessLog/:studentId',
    {
      schema: {
        tags,
        summary: "Who opened a student's record: details, PDFs and data copies, newest first",
        security,
        params: studentIdParams,
        response: { 200: accessLogResponse, ...errors },
      },
    },
    async (request) => {
      await app.deps.accessLog.flush();
      const rows = await listAccessOf(app.deps.db, request.params.studentId);
      return {
        data: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actorName: row.actorName,
          actorRole: row.actorRole,
          what: row.what,
        })),
      };
    },
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
      app.deps.accessLog.record({ by: actorOf(request), what: 'data_copy', studentId: request.params.studentId });
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
      app.deps.accessLog.record({ by: actorOf(request), what: 'data_copy_pdf', studentId: request.query.studentId });
      return sendPdf(reply, pdf, `Data_${request.query.studentId}.pdf`);
    },
  );
};

/** Admins: the request deadline and retention rules, a dry run of them, a run now, and past runs. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/settings',
    {
      schema: {
        tags,
        summary: 'The request deadline and the retention rules',
        security,
        response: { 200: privacySettingsResponse, ...errors },
      },
    },
    async () => getPrivacySettings(app.deps.db),
  );

  app.put(
    '/privacy/settings',
    {
      schema: {
        tags,
        summary: 'Change the request deadline or a retention rule',
        security,
        body: privacySettingsRequest,
        response: { 200: privacySettingsResponse, ...errors },
      },
    },
    async (request) => savePrivacySettings(app.deps, { by: actorOf(request), input: request.body }),
  );

  app.get(
    '/retention/preview',
    {
      schema: {
        tags,
        summary: 'A dry run of the retention rules: what a run now would do, changing nothing',
        security,
        response: { 200: retentionReport, ...errors },
      },
    },
    async () => runRetention(app.deps, { dryRun: true }),
  );

  app.post(
    '/retention/run',
    {
      schema: {
        tags,
        summary: 'Apply the retention rules now (the nightly job does at 02:00)',
        security,
        response: { 200: retentionReport, ...errors },
      },
    },
    async (request) => runRetention(app.deps, { dryRun: false, by: actorOf(request) }),
  );

  app.get(
    '/retention/runs',
    {
      schema: {
        tags,
        summary: 'What the last 20 runs of the retention rules did',
        security,
        response: { 200: retentionRuns, ...errors },
      },
    },
    async () => ({ data: await listRuns(app.deps.db) }),
  );
};

/** Admins: the breach register, the families affected and the notices to them and to the Board. */
export const breachRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/breaches',
    {
      schema: {
        tags,
        summary: 'The breach register, newest first',
        security,
        response: { 200: breachesResponse, ...errors },
      },
    },
    async () => ({ data: await listBreaches(app.deps.db) }),
  );

  app.post(
    '/breaches',
    {
      schema: {
        tags,
        summary: 'Record a personal data breach: what, when discovered, which data (a filter), the measures',
        security,
        body: createBreachRequest,
        response: { 201: breachSaved, ...errors },
      },
    },
    async (request, reply) => {
      const data = await recordBreach(app.deps, { by: actorOf(request), input: request.body });
      return reply.code(201).send({ message: 'Breach recorded', data });
    },
  );

  app.get(
    '/breaches/:id/notices',
    {
      schema: {
        tags,
        summary: 'The families affected (by the filter) with their notices, and the notice to the Board',
        security,
        params: breachIdParams,
        response: { 200: breachNoticesResponse, ...errors },
      },
    },
    async (request) => breachNotices(app.deps, { id: request.params.id }),
  );

  app.post(
    '/breaches/:id/send',
    {
      schema: {
        tags,
        summary: "Send the families' notices through the message outbox (consented parents; once per family)",
        security,
        params: breachIdParams,
        response: { 200: breachSendReport, ...errors },
      },
    },
    async (request) => sendBreachNotices(app.deps, { id: request.params.id, by: actorOf(request) }),
  );
};
