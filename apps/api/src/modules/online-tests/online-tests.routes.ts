import { errorResponse, messageResponse } from '@app/domain/common.schemas';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { WORKBOOK_LIMITS } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import {
  chapter,
  chapterRequest,
  chaptersQuery,
  idParams,
  onlineTest,
  paperChoice,
  question,
  questionImportQuery,
  questionImportReport,
  questionRequest,
  questionsQuery,
  questionTemplateQuery,
  testAnalysis,
  testRequest,
} from '@app/domain/online-tests.schemas';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { readWorkbookPart } from '../marks/marks.routes';
import {
  addChapter,
  createTest,
  listChapters,
  listPapers,
  listQuestions,
  listTests,
  saveQuestion,
  testAnalysisOf,
} from './online-tests.service';
import { testResultsXlsx } from './online-tests.xlsx';
import { questionTemplate, uploadQuestions } from './question-import.service';

const tags = ['question bank and online tests'];
const security = [{ bearer: [] }];

/** Under /api/exam: teachers (their assigned papers) and admins write the bank and tests and read results. */
export const onlineTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: WORKBOOK_LIMITS.packedBytes, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/papers',
    {
      schema: {
        tags,
        summary: 'The papers the user may write questions and tests for, with their names (a teacher: those assigned)',
        security,
        response: { 200: z.object({ data: z.array(paperChoice) }), ...errorResponses },
      },
    },
    async (request) => ({ data: await listPapers(app.deps.db, actorOf(request)) }),
  );

  app.get(
    '/chapters',
    {
      schema: {
        tags,
        summary: 'Chapters of the papers the user may write for, with how many questions each has',
        security,
        querystring: chaptersQuery,
        response: { 200: z.object({ data: z.array(chapter) }), ...errorResponses },
      },
    },
    async (request) => ({ data: await listChapters(app.deps.db, { ...request.query, by: actorOf(request) }) }),
  );

  app.post(
    '/chapters',
    {
      schema: {
        tags,
        summary: 'Adds a chapter to a paper',
        security,
        body: chapterRequest,
        response: { 201: messageResponse.extend({ data: chapter }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.chapterAdded,
        data: await addChapter(app.deps.db, { ...request.body, by: actorOf(request) }),
      }),
  );

  app.get(
    '/questions',
    {
      schema: {
        tags,
        summary: 'Questions of a chapter or paper, with their answers',
        security,
        querystring: questionsQuery,
        response: { 200: z.object({ data: z.array(question) }), ...errorResponses },
      },
    },
    async (request) => ({ data: await listQuestions(app.deps.db, { ...request.query, by: actorOf(request) }) }),
  );

  app.post(
    '/questions',
    {
      schema: {
        tags,
        summary: 'Writes a question',
        security,
        body: questionRequest,
        response: { 201: messageResponse.extend({ data: question }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.questionSaved,
        data: await saveQuestion(app.deps, { input: request.body, by: actorOf(request) }),
      }),
  );

  app.put(
    '/questions/:id',
    {
      schema: {
        tags,
        summary: 'Edits a question',
        security,
        params: idParams,
        body: questionRequest,
        response: { 200: messageResponse.extend({ data: question }), ...errorResponses },
      },
    },
    async (request) => ({
      message: messages.questionSaved,
      data: await saveQuestion(app.deps, { id: request.params.id, input: request.body, by: actorOf(request) }),
    }),
  );

  app.get(
    '/questions/template',
    {
      schema: {
        tags,
        summary: 'The Excel template of the question import, with an example of each type',
        security,
        querystring: questionTemplateQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe('xlsx'), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="Questions_${request.query.subjectCode}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(await questionTemplate(app.deps.db, { ...request.query, by: actorOf(request) })),
  );

  app.post(
    '/questions/upload',
    {
      bodyLimit: WORKBOOK_LIMITS.packedBytes + 64 * 1024,
      schema: {
        tags,
        summary: 'Check (save=false) or save (save=true) an Excel sheet of questions; answers the validation report',
        security,
        consumes: ['multipart/form-data'],
        querystring: questionImportQuery,
        response: { 200: questionImportReport, 413: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const file = await readWorkbookPart(request);
      return uploadQuestions(app.deps.db, {
        file,
        subjectCode: request.query.subjectCode,
        save: request.query.save === 'true',
        by: actorOf(request),
      });
    },
  );

  app.get(
    '/tests',
    {
      schema: {
        tags,
        summary: 'Online tests, newest first',
        security,
        response: { 200: z.object({ data: z.array(onlineTest) }), ...errorResponses },
      },
    },
    async (request) => ({ data: await listTests(app.deps.db, actorOf(request)) }),
  );

  app.post(
    '/tests',
    {
      schema: {
        tags,
        summary: 'Creates a test: questions picked by hand or drawn at random by chapter and difficulty',
        security,
        body: testRequest,
        response: { 201: messageResponse.extend({ data: onlineTest }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: messages.testCreated,
        data: await createTest(app.deps.db, { input: request.body, by: actorOf(request) }),
      }),
  );

  app.get(
    '/tests/:id/results',
    {
      schema: {
        tags,
        summary: "A test's results: distribution, each question's difficulty and discrimination, absentees",
        security,
        params: idParams,
        response: { 200: testAnalysis, ...errorResponses },
      },
    },
    async (request) => testAnalysisOf(app.deps, { testId: request.params.id, by: actorOf(request) }),
  );

  app.get(
    '/tests/:id/results.xlsx',
    {
      schema: {
        tags,
        summary: "A test's results as an Excel file",
        security,
        params: idParams,
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe('xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const analysis = await testAnalysisOf(app.deps, { testId: request.params.id, by: actorOf(request) });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="Test_${analysis.test.id}_Results.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(await testResultsXlsx(analysis));
    },
  );
};
