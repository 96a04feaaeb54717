import { errorResponse } from '@app/domain/common.schemas';
import {
  marksSheet,
  marksSheetQuery,
  marksUploadReport,
  missingMarks,
  myAssignment as myAssignmentResponse,
  saveMarkRequest,
  teacherAssignment,
  teacherAssignmentResponse,
  teacherParams,
  uploadModeQuery,
} from '@app/domain/exam.schemas';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { WORKBOOK_LIMITS } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOneFilePart } from '../../lib/multipart-file';
import { sendWorkbook } from '../../lib/private-file';
import { actorOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { missingMarks as findMissingMarks, getMarksSheet, saveMark, uploadMarks } from './marks.service';
import { marksTemplate } from './marks-template';
import { assignTeacher, myAssignment, teacherAssignmentOf } from './teacher-assignments.service';

const security = [{ bearer: [] }];

/** Admin: what is not entered yet, and which centres and papers each teacher enters. */
export const marksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/results/missing',
    {
      schema: {
        tags: ['exam'],
        summary: "Papers of the exam year's students not entered yet (neither marks nor AB), and how many students",
        security,
        response: { 200: missingMarks, ...errorResponses },
      },
    },
    async () => findMissingMarks(app.deps.db),
  );

  app.get(
    '/teachers/:uuid/assignment',
    {
      schema: {
        tags: ['exam'],
        summary: "A teacher's assigned exam centres and papers (Marks Entry shows them only those)",
        security,
        params: teacherParams,
        response: { 200: teacherAssignmentResponse, ...errorResponses },
      },
    },
    async (request) => teacherAssignmentOf(app.deps.db, request.params.uuid),
  );

  app.put(
    '/teachers/:uuid/assignment',
    {
      schema: {
        tags: ['exam'],
        summary: 'Assign a teacher exam centres and papers (replaces what they had); audited',
        security,
        params: teacherParams,
        body: teacherAssignment,
        response: { 200: teacherAssignmentResponse, ...errorResponses },
      },
    },
    async (request) =>
      assignTeacher(app.deps.db, { uuid: request.params.uuid, assignment: request.body, by: actorOf(request) }),
  );
};

/** The one workbook of the marks upload (also the question bank's, online-tests). */
export const readWorkbookPart = (request: FastifyRequest) =>
  readOneFilePart(request, { missing: messages.marksUploadFileMissing, tooLarge: messages.bodyTooLarge });

/** Teachers and admins: the marks screen and the Excel upload. */
export const marksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: WORKBOOK_LIMITS.packedBytes, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/marks',
    {
      schema: {
        tags: ['exam'],
        summary: "A centre's students of one standard with their marks, a column per paper",
        security,
        querystring: marksSheetQuery,
        response: { 200: marksSheet, ...errorResponses },
      },
    },
    async (request) => getMarksSheet(app.deps.db, { ...request.query, by: actorOf(request) }),
  );

  app.get(
    '/assignment',
    {
      schema: {
        tags: ['exam'],
        summary: 'The exam centres and papers the signed-in teacher enters marks for (all for an admin)',
        security,
        response: { 200: myAssignmentResponse, ...errorResponses },
      },
    },
    async (request) => myAssignment(app.deps.db, actorOf(request)),
  );

  app.get(
    '/marks/template',
    {
      schema: {
        tags: ['exam'],
        summary:
          "The marks workbook of a centre's students of one standard, as the upload reads it (marks so far filled in)",
        security,
        querystring: marksSheetQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe(XLSX_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => {
      const sheet = await getMarksSheet(app.deps.db, { ...request.query, by: actorOf(request) });
      const name = `Marks_Centre_${request.query.centerId}_${request.query.standard.replace('+', '-')}.xlsx`;
      return sendWorkbook(reply, await marksTemplate(sheet), name);
    },
  );

  app.put(
    '/marks',
    {
      schema: {
        tags: ['exam'],
        summary: 'Save one mark (null clears it); after results are declared only an admin may',
        security,
        body: saveMarkRequest,
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      await saveMark(app.deps.db, { ...request.body, by: actorOf(request) });
      return { message: messages.marksSaved };
    },
  );

  app.post(
    '/marks/upload',
    {
      bodyLimit: WORKBOOK_LIMITS.packedBytes + 64 * 1024,
      schema: {
        tags: ['exam'],
        summary: 'Check (save=false) or save (save=true) an Excel sheet of marks; answers the validation report',
        security,
        consumes: ['multipart/form-data'],
        querystring: uploadModeQuery,
        response: { 200: marksUploadReport, 413: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const file = await readWorkbookPart(request);
      return uploadMarks(app.deps.db, { file, save: request.query.save === 'true', by: actorOf(request) });
    },
  );
};
