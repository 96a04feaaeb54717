import { errorResponse } from '@app/domain/common.schemas';
import {
  concessionParams,
  concessionRequest,
  concessionResponse,
  concessionsQuery,
  concessionsResponse,
  courseParams,
  courseRequest,
  courseResponse,
  coursesQuery,
  coursesResponse,
  publicCoursesResponse,
  rejectConcessionRequest,
} from '@app/domain/courses.schemas';
import { examSessionParams } from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { approveConcession, listConcessions, rejectConcession, requestConcession } from './concessions.service';
import { createCourse, listCourses, listPublicCourses, updateCourse } from './courses.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];

/** Admin: the courses each exam session offers (issue 25). */
export const coursesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['courses'];
  app.get(
    '/courses',
    {
      schema: {
        tags,
        summary: "A session's courses (the open session's by default), with their fee plans and students",
        security,
        querystring: coursesQuery,
        response: { 200: coursesResponse, ...errors },
      },
    },
    async (request) => ({ data: await listCourses(app.deps.db, { sessionId: request.query.sessionId }) }),
  );

  app.post(
    '/examSessions/:id/courses',
    {
      schema: {
        tags,
        summary: 'Add a course to a session: name, standard, branches, fee and instalment plan',
        security,
        params: examSessionParams,
        body: courseRequest,
        response: { 201: courseResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.courseSaved,
        data: await createCourse(app.deps.db, {
          sessionId: request.params.id,
          input: request.body,
          by: actorOf(request),
        }),
      }),
  );

  app.put(
    '/courses/:id',
    {
      schema: {
        tags,
        summary: 'Change a course; students already registered keep the fee and plan they registered with',
        security,
        params: courseParams,
        body: courseRequest,
        response: { 200: courseResponse, ...errors },
      },
    },
    async (request) => ({
      message: messages.courseSaved,
      data: await updateCourse(app.deps.db, { id: request.params.id, input: request.body, by: actorOf(request) }),
    }),
  );

  app.put(
    '/concessions/:id/approve',
    {
      schema: {
        tags: ['concessions'],
        summary: "Approve a concession: the student's total, remaining and due date change, audited",
        security,
        params: concessionParams,
        response: { 200: concessionResponse, ...errors },
      },
    },
    async (request) => ({
      message: messages.concessionApproved,
      data: await approveConcession(app.deps, { id: request.params.id, by: actorOf(request) }),
    }),
  );

  app.put(
    '/concessions/:id/reject',
    {
      schema: {
        tags: ['concessions'],
        summary: 'Reject a concession with a reason; nothing the student owes changes',
        security,
        params: concessionParams,
        body: rejectConcessionRequest,
        response: { 200: concessionResponse, ...errors },
      },
    },
    async (request) => ({
      message: messages.concessionRejected,
      data: await rejectConcession(app.deps, {
        id: request.params.id,
        reason: request.body.reason,
        by: actorOf(request),
      }),
    }),
  );
};

/** Staff: ask for a concession, and see the requests (a counsellor those of their own students). */
export const concessionsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['concessions'];
  app.post(
    '/concessions',
    {
      schema: {
        tags,
        summary: 'Ask for a concession on a student’s fee; it applies once an admin approves it',
        security,
        body: concessionRequest,
        response: { 201: concessionResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.concessionRequested,
        data: await requestConcession(app.deps.db, { input: request.body, by: actorOf(request) }),
      }),
  );

  app.get(
    '/concessions',
    {
      schema: {
        tags,
        summary: 'Concession requests, newest first; a counsellor sees those of their own students',
        security,
        querystring: concessionsQuery,
        response: { 200: concessionsResponse, ...errors },
      },
    },
    async (request) => ({ data: await listConcessions(app.deps.db, { by: actorOf(request), query: request.query }) }),
  );
};

/** Public: the open session's courses (the registration form, the site's Courses page). */
export const publicCoursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses',
    {
      schema: {
        tags: ['courses'],
        summary: 'The courses open for registration: name, standard, branches, fee and instalments',
        response: { 200: publicCoursesResponse },
      },
    },
    async () => listPublicCourses(app.deps.db),
  );
};
