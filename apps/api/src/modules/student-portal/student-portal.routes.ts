import { messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import {
  attemptAnswerParams,
  attemptParams,
  attemptView,
  idParams,
  paymentIdParams,
  portalSettingsRequest,
  portalSettingsSchema,
  saveAnswerRequest,
  saveAnswerResponse,
  studentLoginRequest,
  studentProfile,
  studentSession,
  studentTest,
} from '@app/domain/online-tests.schemas';
import { studentIdParams } from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, sendPdf } from '../../lib/pdf/reply';
import { actorOf, studentOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { receiptPdfOf } from '../documents/documents.service';
import { hallTicketPdf } from '../hall-tickets/hall-tickets.service';
import {
  attemptViewOf,
  listStudentTests,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from '../online-tests/online-tests.service';
import { marksheetPdf } from '../results/results.service';
import {
  lookupOfStudent,
  portalSettingsOf,
  resetStudentAccess,
  signInStudent,
  studentProfileOf,
  updatePortalSettings,
} from './student-portal.service';

const tags = ['student portal'];
const security = [{ bearer: [] }];
const pdf = z.any().describe('application/pdf');

/**
 * Under /api/student: a student's own session (issue 28). Every route takes the student from the token
 * (`studentOf`), never from the request, so a student reaches only their own rows.
 */
export const studentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'A student signs in with their student ID and date of birth',
        body: studentLoginRequest,
        response: { 200: studentSession, ...errorResponses },
      },
    },
    async (request) => signInStudent(app.deps, { ...request.body, ip: request.ip }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: "The student's own page",
        security,
        response: { 200: studentProfile, ...errorResponses },
      },
    },
    async (request) => studentProfileOf(app.deps.db, studentOf(request).studentId),
  );

  app.get(
    '/hallTicket',
    {
      schema: {
        tags,
        summary: "The student's hall ticket, once released",
        security,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errorResponses },
      },
    },
    async (request, reply) => {
      const lookup = await lookupOfStudent(app.deps.db, studentOf(request).studentId);
      const body = await hallTicketPdf(app.deps, { ...lookup, ip: request.ip, origin: originOf(request) });
      return sendPdf(reply, body, `${lookup.studentId}_HallTicket.pdf`);
    },
  );

  app.get(
    '/marksheet',
    {
      schema: {
        tags,
        summary: "The student's statement of marks, once results are declared",
        security,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errorResponses },
      },
    },
    async (request, reply) => {
      const lookup = await lookupOfStudent(app.deps.db, studentOf(request).studentId);
      const body = await marksheetPdf(app.deps, { ...lookup, ip: request.ip, origin: originOf(request) });
      return sendPdf(reply, body, `${lookup.studentId}_Marksheet.pdf`);
    },
  );

  app.get(
    '/receipt/:paymentId',
    {
      schema: {
        tags,
        summary: "A receipt of one of the student's own payments",
        security,
        params: paymentIdParams,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { studentId } = studentOf(request);
      const body = await receiptPdfOf(app.deps, { studentId, paymentId: request.params.paymentId });
      return sendPdf(reply, body, `${studentId}_Receipt_${request.params.paymentId}.pdf`);
    },
  );

  app.get(
    '/tests',
    {
      schema: {
        tags,
        summary: "The student's tests: upcoming, open, done",
        security,
        response: { 200: z.object({ data: z.array(studentTest) }), ...errorResponses },
      },
    },
    async (request) => ({ data: await listStudentTests(app.deps, studentOf(request).studentId) }),
  );

  app.post(
    '/tests/:id/start',
    {
      schema: {
        tags,
        summary: 'Starts a sitting of a test, or resumes the one under way',
        security,
        params: idParams,
        response: { 200: attemptView, ...errorResponses },
      },
    },
    async (request) => startAttempt(app.deps, { testId: request.params.id, studentId: studentOf(request).studentId }),
  );

  app.get(
    '/attempts/:attemptId',
    {
      schema: {
        tags,
        summary: 'A sitting: to resume, or its result',
        security,
        params: attemptParams,
        response: { 200: attemptView, ...errorResponses },
      },
    },
    async (request) =>
      attemptViewOf(app.deps, { attemptId: request.params.attemptId, studentId: studentOf(request).studentId }),
  );

  app.put(
    '/attempts/:attemptId/answers/:questionId',
    {
      schema: {
        tags,
        summary: 'Saves one answer (idempotent by seq; refused after the end)',
        security,
        params: attemptAnswerParams,
        body: saveAnswerRequest,
        response: { 200: saveAnswerResponse, ...errorResponses },
      },
    },
    async (request) =>
      saveAnswer(app.deps, { ...request.params, ...request.body, studentId: studentOf(request).studentId }),
  );

  app.post(
    '/attempts/:attemptId/submit',
    {
      schema: {
        tags,
        summary: 'Submits a sitting: graded at once',
        security,
        params: attemptParams,
        response: { 200: attemptView, ...errorResponses },
      },
    },
    async (request) =>
      submitAttempt(app.deps, { attemptId: request.params.attemptId, studentId: studentOf(request).studentId }),
  );
};

/** Under /api/admin: the student portal's switch, and a student's sign-in reset. */
export const studentPortalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/studentPortal',
    {
      schema: {
        tags,
        summary: 'Whether students may sign in',
        security,
        response: { 200: portalSettingsSchema, ...errorResponses },
      },
    },
    async () => portalSettingsOf(app.deps.db),
  );

  app.put(
    '/studentPortal',
    {
      schema: {
        tags,
        summary: "Switches students' sign-in on or off",
        security,
        body: portalSettingsRequest,
        response: { 200: messageResponse.extend({ data: portalSettingsSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      message: messages.portalSettingsSaved,
      data: await updatePortalSettings(app.deps, { ...request.body, by: actorOf(request) }),
    }),
  );

  app.put(
    '/students/:studentId/resetAccess',
    {
      schema: {
        tags,
        summary: "Ends every session of a student's; they sign in again",
        security,
        params: studentIdParams,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await resetStudentAccess(app.deps, { studentId: request.params.studentId, by: actorOf(request) });
      return { message: messages.studentAccessReset };
    },
  );
};
