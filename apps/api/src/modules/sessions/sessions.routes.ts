import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import {
  allowTicketRequest,
  examSession,
  examSessionParams,
  examSessionRequest,
  openExamSession,
  releaseResponse,
  releaseSessionRequest,
} from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import {
  createSession,
  getOpenSession,
  listSessions,
  openSession,
  releaseSession,
  updateSession,
} from './sessions.service';
import { allowTicket } from './ticket-hold';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const tags = ['exam sessions'];

/** Admin: the exam sessions (docs/decisions/007-exam-sessions.md). */
export const sessionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/examSessions',
    {
      schema: {
        tags,
        summary: 'Every exam session, by exam year, with its students and papers',
        security,
        response: { 200: z.object({ data: z.array(examSession) }), ...errors },
      },
    },
    async () => ({ data: await listSessions(app.deps.db) }),
  );

  app.post(
    '/examSessions',
    {
      schema: {
        tags,
        summary: 'Start a session (the next season); it opens for registration when the admin says so',
        security,
        body: examSessionRequest,
        response: { 201: messageResponse.extend({ data: examSession }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.sessionSaved,
        data: await createSession(app.deps.db, { input: request.body, by: actorOf(request) }),
      }),
  );

  app.put(
    '/examSessions/:id',
    {
      schema: {
        tags,
        summary: "Change a session's name, dates, or the exam year of its two-year courses",
        security,
        params: examSessionParams,
        body: examSessionRequest,
        response: { 200: messageResponse.extend({ data: examSession }), ...errors },
      },
    },
    async (request) => ({
      message: messages.sessionSaved,
      data: await updateSession(app.deps.db, { id: request.params.id, input: request.body, by: actorOf(request) }),
    }),
  );

  app.put(
    '/examSessions/:id/open',
    {
      schema: {
        tags,
        summary: 'Open a session for registration (the one open before closes)',
        security,
        params: examSessionParams,
        response: { 200: messageResponse.extend({ data: examSession }), ...errors },
      },
    },
    async (request) => ({
      message: messages.sessionOpened,
      data: await openSession(app.deps.db, { id: request.params.id, by: actorOf(request) }),
    }),
  );

  app.put(
    '/examSessions/:id/release',
    {
      schema: {
        tags,
        summary:
          "Release or withdraw a session's hall tickets or results; releasing hall tickets seats every student without a seat",
        security,
        params: examSessionParams,
        body: releaseSessionRequest,
        response: { 200: releaseResponse, ...errors },
      },
    },
    async (request) => {
      const { session, seatsAssigned } = await releaseSession(app.deps.db, {
        id: request.params.id,
        ...request.body,
        by: actorOf(request),
      });
      return { message: messages.flagUpdated, data: session, seatsAssigned };
    },
  );
};

/** Admin: a hall ticket held for an overdue fee, allowed with a reason (optional hold, per session). */
export const ticketAllowanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/hallTicketAllowances',
    {
      schema: {
        tags,
        summary: "Allow a student's hall ticket although a fee instalment is overdue (the reason is audited)",
        security,
        body: allowTicketRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await allowTicket(app.deps.db, { ...request.body, by: actorOf(request) });
      return { message: messages.ticketAllowed };
    },
  );
};

/** Staff: the session registrations go to (the registration form shows its exam years). */
export const sessionsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openExamSession',
    {
      schema: {
        tags,
        summary: 'The exam session open for registration and the exam years it gives',
        security,
        response: { 200: z.object({ data: openExamSession }), ...errors },
      },
    },
    async () => ({ data: await getOpenSession(app.deps.db) }),
  );
};
