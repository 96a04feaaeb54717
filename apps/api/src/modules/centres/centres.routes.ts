import {
  addCentreRequest,
  centreParams,
  editCentreRequest,
  examCentre,
  publicExamCentre,
} from '@app/domain/centres.schemas';
import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { addCentre, editCentre, listCentres, listPublicCentres, removeCentre } from './centres.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];

export const centresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getExamCenters',
    {
      schema: {
        tags: ['exam centres'],
        summary: 'Exam centres with their registered students, by centre ID',
        security,
        response: { 200: z.object({ data: z.array(examCentre) }), ...errors },
      },
    },
    async () => ({ data: await listCentres(app.deps.db) }),
  );

  app.post(
    '/addCenter',
    {
      schema: {
        tags: ['exam centres'],
        summary: 'Add an exam centre',
        security,
        body: addCentreRequest,
        response: { 201: messageResponse.extend({ data: examCentre }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.centreAdded,
        data: await addCentre(app.deps.db, { ...request.body, by: actorOf(request) }),
      }),
  );

  app.put(
    '/editcapicity/:centerId',
    {
      schema: {
        tags: ['exam centres'],
        summary: "Change a centre's name, college, capacity, city and whether the public site lists it",
        security,
        params: centreParams,
        body: editCentreRequest,
        response: { 200: messageResponse.extend({ data: examCentre }), ...errors },
      },
    },
    async (request) => ({
      message: messages.centreUpdated,
      data: await editCentre(app.deps.db, { centerId: request.params.centerId, ...request.body, by: actorOf(request) }),
    }),
  );

  app.delete(
    '/deleteExamCenter/:centerId',
    {
      schema: {
        tags: ['exam centres'],
        summary: 'Delete a centre that has no registered students',
        security,
        params: centreParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await removeCentre(app.deps.db, { centerId: request.params.centerId, by: actorOf(request) });
      return { message: messages.centreDeleted };
    },
  );
};

/** Seconds a browser or proxy may reuse the public list; an admin's change shows within this time. */
const PUBLIC_LIST_MAX_AGE = 300;

/** The public site's exam centres (no capacity or registrations), open to all and cacheable. */
export const publicCentresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/examCentres',
    {
      schema: {
        tags: ['exam centres'],
        summary: 'The exam centres the admin lists on the public site, with college and city',
        response: { 200: z.object({ data: z.array(publicExamCentre) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_LIST_MAX_AGE}, stale-while-revalidate=3600`);
      return { data: await listPublicCentres(app.deps.db) };
    },
  );
};
