import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import {
  addDatesRequest,
  addSubjectRequest,
  subject,
  subjectParams,
  timetableQuery,
} from '@app/domain/subjects.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { addSubject, getTimetable, listSubjects, removeSubject, scheduleSubject } from './subjects.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];

export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getsubjects',
    {
      schema: {
        tags: ['subjects'],
        summary: 'Subjects, by subject code',
        security,
        response: { 200: z.object({ data: z.array(subject) }), ...errors },
      },
    },
    async () => ({ data: await listSubjects(app.deps.db) }),
  );

  app.get(
    '/timetable',
    {
      schema: {
        tags: ['subjects'],
        summary: "A standard's exam timetable: its scheduled papers by date and time",
        security,
        querystring: timetableQuery,
        response: { 200: z.object({ data: z.array(subject) }), ...errors },
      },
    },
    async (request) => ({ data: await getTimetable(app.deps.db, request.query) }),
  );

  app.post(
    '/addSubject',
    {
      schema: {
        tags: ['subjects'],
        summary: 'Add a subject',
        security,
        body: addSubjectRequest,
        response: { 201: messageResponse.extend({ data: subject }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.subjectAdded,
        data: await addSubject(app.deps.db, { ...request.body, by: actorOf(request) }),
      }),
  );

  app.delete(
    '/deleteSubject/:subjectCode',
    {
      schema: {
        tags: ['subjects'],
        summary: 'Delete a subject',
        security,
        params: subjectParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeSubject(app.deps.db, { ...request.params, by: actorOf(request) });
      return { message: messages.subjectDeleted };
    },
  );

  app.put(
    '/addDates/:subjectCode',
    {
      schema: {
        tags: ['subjects'],
        summary: "Set a subject's exam date and time ('H:MM AM-H:MM PM')",
        security,
        params: subjectParams,
        body: addDatesRequest,
        response: { 200: messageResponse.extend({ data: subject }), ...errors },
      },
    },
    async (request) => ({
      message: messages.examDetailsUpdated,
      data: await scheduleSubject(app.deps.db, {
        subjectCode: request.params.subjectCode,
        ...request.body,
        by: actorOf(request),
      }),
    }),
  );
};
