import { errorResponse } from '@app/domain/common.schemas';
import { messageTexts, templateVariableNames } from '@app/domain/family-messages.rules';
import {
  consentEntry,
  consentRequest,
  messageJob,
  messageJobDetail,
  messageJobParams,
  messageJobRequest,
  messageKindParams,
  messageLogEntry,
  messagePreview,
  messageTemplate,
  updateTemplateRequest,
} from '@app/domain/family-messages.schemas';
import { studentIdParams } from '@app/domain/students.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giveWay } from '../../lib/give-way';
import { actorOf } from '../../plugins/auth';
import {
  getJob,
  listConsents,
  listJobs,
  listStudentMessages,
  listTemplates,
  previewJob,
  retryFailed,
  setConsent,
  startJob,
  updateTemplate,
} from './messages.service';
import {
  handleMsg91Reply,
  handleMsg91Report,
  handleWhatsAppWebhook,
  isWebhookSecret,
  isWhatsAppSignature,
  msg91ReplyBody,
  msg91ReportBody,
} from './webhooks.service';

const tags = ['messages'];
const security = [{ bearer: [] }];
const denied = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Templates, sending jobs and consent choices: admins (access.ts). */
export const messagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages/templates',
    {
      schema: {
        tags,
        security,
        summary: 'The message templates, English and Marathi, and the variables they may use',
        response: { 200: z.object({ data: z.array(messageTemplate), variables: z.array(z.string()) }), ...denied },
      },
    },
    async () => ({ data: await listTemplates(app.deps.db), variables: templateVariableNames }),
  );

  app.put(
    '/messages/templates/:kind',
    {
      schema: {
        tags,
        security,
        summary: 'Rewrite a template (an unknown {variable} is refused)',
        params: messageKindParams,
        body: updateTemplateRequest,
        response: { 200: z.object({ message: z.string(), data: messageTemplate }), 404: errorResponse, ...denied },
      },
    },
    async (request) => ({
      message: messageTexts.templateSaved,
      data: await updateTemplate(app.deps.db, { kind: request.params.kind, input: request.body, by: actorOf(request) }),
    }),
  );

  app.post(
    '/messages/jobs/preview',
    {
      schema: {
        tags,
        security,
        summary: 'Who a sending job would reach, with the text each parent would receive (the first 200)',
        body: messageJobRequest,
        response: { 200: messagePreview, ...denied },
      },
    },
    async (request) => previewJob(app.deps, { input: request.body }),
  );

  app.post(
    '/messages/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'Start a sending job: every message queued at once, sent by the worker',
        body: messageJobRequest,
        response: { 201: z.object({ message: z.string(), data: messageJob }), 409: errorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const data = await startJob(app.deps, { input: request.body, by: actorOf(request) });
      app.deps.messaging.wake();
      return reply.status(201).send({ message: messageTexts.jobStarted, data });
    },
  );

  app.get(
    '/messages/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'The latest 50 sending jobs with their progress',
        response: { 200: z.object({ data: z.array(messageJob) }), ...denied },
      },
    },
    async () => ({ data: await listJobs(app.deps.db) }),
  );

  app.get(
    '/messages/jobs/:id',
    {
      schema: {
        tags,
        security,
        summary: "A sending job's progress and report: failed and prepared messages first",
        params: messageJobParams,
        response: { 200: messageJobDetail, 404: errorResponse, ...denied },
      },
    },
    async (request) => getJob(app.deps.db, { id: request.params.id }),
  );

  app.post(
    '/messages/jobs/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: "Queue a job's failed messages again",
        params: messageJobParams,
        response: {
          200: z.object({ message: z.string(), retried: z.number().int() }),
          404: errorResponse,
          409: errorResponse,
          ...denied,
        },
      },
    },
    async (request) => {
      const retried = await retryFailed(app.deps.db, { id: request.params.id, by: actorOf(request) });
      app.deps.messaging.wake();
      return { message: messageTexts.retryStarted, retried };
    },
  );

  app.get(
    '/messages/consents',
    {
      schema: {
        tags,
        security,
        summary: "Parents' choices about messages (opted out by STOP or by an admin), latest first",
        response: { 200: z.object({ data: z.array(consentEntry) }), ...denied },
      },
    },
    async () => ({ data: await listConsents(app.deps.db) }),
  );

  app.put(
    '/messages/consents',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a phone as opted out of messages, or back in',
        body: consentRequest,
        response: { 200: z.object({ message: z.string(), data: consentEntry }), ...denied },
      },
    },
    async (request) => {
      const data = await setConsent(app.deps.db, {
        phone: request.body.phone,
        optedOut: request.body.optedOut,
        note: request.body.note,
        source: 'admin',
        by: actorOf(request),
      });
      return { message: data.optedOut ? messageTexts.consentSaved : messageTexts.consentRestored, data };
    },
  );
};

/** A student's messages on Edit Student: staff, counsellors their own students. */
export const studentMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:studentId/messages',
    {
      schema: {
        tags,
        security,
        summary: "The messages sent to a student's parent, newest first",
        params: studentIdParams,
        response: { 200: z.object({ data: z.array(messageLogEntry) }), 404: errorResponse, ...denied },
      },
    },
    async (request) => ({
      data: await listStudentMessages(app.deps.db, { studentId: request.params.studentId, by: actorOf(request) }),
    }),
  );
};

const verifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
});

/**
 * WhatsApp's webhook (public: Meta calls it): the verification handshake, and signed notifications
 * (parents' replies, delivery reports). The raw body is kept to check X-Hub-Signature-256.
 */
export const messagesWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const refused = { message: messageTexts.webhookRefused, code: 'UNAUTHORIZED' };
  const rawBodies = new WeakMap<object, string>();
  // A provider retries a report until answered: each waits while counsellors' requests are served.
  app.addHook('preHandler', async () => {
    await giveWay(app.deps.messaging.isServing);
  });
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
    rawBodies.set(request, String(body));
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error(messageTexts.webhookRefused), { statusCode: 400 }), undefined);
    }
  });

  app.get(
    '/messages/whatsapp',
    {
      schema: {
        tags,
        summary: "WhatsApp's webhook verification: answers hub.challenge when the verify token matches",
        querystring: verifyQuery,
        response: { 200: z.string(), 403: errorResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const token = app.deps.messaging.whatsAppVerifyToken;
      const query = request.query;
      if (!token || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== token) {
        return reply.status(403).send({ message: messageTexts.webhookRefused, code: 'FORBIDDEN' });
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/messages/whatsapp',
    {
      schema: {
        tags,
        summary: 'WhatsApp notifications: STOP replies opt a parent out; status reports update messages',
        headers: z.object({ 'x-hub-signature-256': z.string().max(200).optional() }),
        body: z.object({ object: z.string().max(100).optional(), entry: z.array(z.unknown()).max(100) }),
        response: { 200: z.object({ ok: z.boolean() }), 401: errorResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const raw = rawBodies.get(request) ?? '';
      if (!isWhatsAppSignature(raw, request.headers['x-hub-signature-256'], app.deps.messaging.whatsAppAppSecret)) {
        return reply.status(401).send(refused);
      }
      const done = await handleWhatsAppWebhook(app.deps.db, request.body);
      request.log.info(done, 'whatsapp webhook');
      return { ok: true };
    },
  );

  // MSG91 signs nothing: the webhook URLs configured in its panel carry our secret as `?token=` (the
  // query string never reaches the logs), checked in constant time; a wrong or missing one is 401.
  const smsSecret = z.object({ token: z.string().max(200).optional() });
  app.post(
    '/messages/sms/reports',
    {
      schema: {
        tags,
        summary:
          "MSG91's delivery reports (webhook v3, JSON): delivered or failed, by MSG91's request id (one that comes before the send is recorded is kept until it is)",
        querystring: smsSecret,
        body: msg91ReportBody,
        response: { 200: z.object({ ok: z.boolean() }), 401: errorResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      if (!isWebhookSecret(request.query.token, app.deps.messaging.msg91WebhookSecret)) {
        return reply.status(401).send(refused);
      }
      const done = await handleMsg91Report(app.deps.db, request.body);
      request.log.info(done, 'msg91 delivery report');
      return { ok: true };
    },
  );
  app.post(
    '/messages/sms/replies',
    {
      schema: {
        tags,
        summary: "MSG91's inbound SMS: a parent's STOP opts them out, START back in",
        querystring: smsSecret,
        body: msg91ReplyBody,
        response: { 200: z.object({ ok: z.boolean() }), 401: errorResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      if (!isWebhookSecret(request.query.token, app.deps.messaging.msg91WebhookSecret)) {
        return reply.status(401).send(refused);
      }
      request.log.info(await handleMsg91Reply(app.deps.db, request.body), 'msg91 reply');
      return { ok: true };
    },
  );
};
