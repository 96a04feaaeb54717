import { errorResponse } from '@app/domain/common.schemas';
import {
  confirmConsentCodeRequest,
  consentAnswer,
  consentStatusResponse,
  consentWaitingResponse,
  paperConsentRequest,
  privacyMessages,
  privacyNoticeResponse,
  sendConsentCodeRequest,
  sendConsentCodeResponse,
} from '@app/domain/privacy.schemas';
import { studentIdParams } from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
