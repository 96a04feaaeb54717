import { assignSeatsRequest, renumberSeatsRequest, seatAssignment } from '@app/domain/exam.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { assignSeats, renumberSeats } from './seats.service';

const security = [{ bearer: [] }];

/** Admin: seat numbers of the current exam year. */
export const seatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seatNumbers/assign',
    {
      schema: {
        tags: ['exam'],
        summary: "Seat numbers for a centre's students of the current exam year who have none",
        security,
        body: assignSeatsRequest,
        response: { 200: seatAssignment, ...errorResponses },
      },
    },
    async (request) => assignSeats(app.deps.db, { centerId: request.body.centerId, by: actorOf(request) }),
  );

  app.post(
    '/seatNumbers/renumber',
    {
      schema: {
        tags: ['exam'],
        summary: 'Renumber every seat of the current exam year (only before hall tickets are released)',
        security,
        body: renumberSeatsRequest,
        response: { 200: seatAssignment, ...errorResponses },
      },
    },
    async (request) => renumberSeats(app.deps.db, { by: actorOf(request) }),
  );
};
