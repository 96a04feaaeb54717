import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import {
  studentDetail,
  studentIdParams,
  updateStudentCombinedRequest,
  updateStudentDetailsRequest,
  updateStudentPhotoRequest,
  withdrawStudentRequest,
} from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { reactivateStudent, withdrawStudent } from './student-status.service';
import { getStudent, updateStudent, updateStudentCombined, updateStudentDetails } from './students.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ bearer: [] }];
const tags = ['students'];

/** SPEC §2 Edit Student Registration: look a student up and change their details or photo. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:studentId',
    {
      schema: {
        tags,
        summary: "A student's details (admins any student, counsellors their own)",
        security,
        params: studentIdParams,
        response: { 200: z.object({ student: studentDetail }), ...errors },
      },
    },
    async (request) => {
      const by = actorOf(request);
      const student = await getStudent(app.deps.db, { studentId: request.params.studentId, by });
      app.deps.accessLog.record({ by, what: 'details', studentId: student.studentId });
      return { student };
    },
  );

  app.put(
    '/updateStudentPhoto/:studentId',
    {
      schema: {
        tags,
        summary: "Replace a student's photo with one uploaded to this server",
        security,
        params: studentIdParams,
        body: updateStudentPhotoRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await updateStudent(app.deps, { studentId: request.params.studentId, by: actorOf(request), photo: request.body });
      return { message: messages.studentPhotoUpdated };
    },
  );

  app.put(
    '/updateStudentDetails/:studentId',
    {
      schema: {
        tags,
        summary: "Change a student's details and exam centre (standard, branch and examYear stay as registered)",
        security,
        params: studentIdParams,
        body: updateStudentDetailsRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await updateStudentDetails(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        details: request.body,
      });
      return { message: messages.studentDetailsUpdated };
    },
  );

  app.put(
    '/updateStudentCombined/:studentId',
    {
      schema: {
        tags,
        summary: "Change a student's details and photo in one transaction",
        security,
        params: studentIdParams,
        body: updateStudentCombinedRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await updateStudentCombined(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        input: request.body,
      });
      return { message: messages.studentDetailsUpdated };
    },
  );
};

/** Issue 25: an admin withdraws a student (inactive, with a reason and a date) or makes them active again. */
export const studentStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/withdrawStudent/:studentId',
    {
      schema: {
        tags,
        summary: 'Withdraw a student: no seat number, hall ticket or result; their payments stay',
        security,
        params: studentIdParams,
        body: withdrawStudentRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await withdrawStudent(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
        input: request.body,
      });
      return { message: messages.studentWithdrawn };
    },
  );

  app.put(
    '/reactivateStudent/:studentId',
    {
      schema: {
        tags,
        summary: 'Make a withdrawn student active again (seated at once when hall tickets are out)',
        security,
        params: studentIdParams,
        response: { 200: z.object({ message: z.string(), seatNumber: z.string().nullable() }), ...errors },
      },
    },
    async (request) => {
      const { seatNumber } = await reactivateStudent(app.deps, {
        studentId: request.params.studentId,
        by: actorOf(request),
      });
      return { message: messages.studentMadeActive, seatNumber };
    },
  );
};
