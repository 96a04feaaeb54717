import { type FlagName, isFlagOn } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { type AttemptStore, memoryAttemptStore, redisAttemptStore } from './lib/attempt-store';
import type { FileStore } from './lib/file-store';
import { requestsInFlight } from './lib/give-way';
import { logSerializers, requestId } from './lib/logging';
import { ticketSigner } from './lib/ticket-code';
import { listPublicFlags } from './modules/flags/flags.service';
import { createMessageWorker, type MessageWorker } from './modules/messages/message-worker';
import { providerOf } from './modules/messages/providers';
import { metricsPlugin } from './modules/metrics/metrics';
import { gradingSweep } from './modules/online-tests/grading-sweep';
import { createAccessLogger } from './modules/privacy/access-log';
import { type ConsentCodeSender, whatsAppLinkSender } from './modules/privacy/consent-code-sender';
import { outboxSender } from './modules/privacy/outbox-consent-sender';
import { startRetentionSchedule } from './modules/privacy/retention.service';
import { createLookupCache } from './modules/results/lookup-cache';
import { type ResultsWarmup, resultsWarmup } from './modules/results/results-warmup';
import { createUserCache } from './modules/users/user-cache';
import { createEnquiryPages } from './modules/visiting/enquiry-pages';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { clientErrors, errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { registerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services use (deps.ts); routes pass it, or the part a service takes. */
    deps: Deps;
    /** Computes every result of the released exam year into the lookup cache, in the background. */
    resultsWarmup: ResultsWarmup;
    /** Sends the outbox's messages to parents (started when the app is ready, when configured). */
    messageWorker: MessageWorker;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** Overrides the store chosen from config (tests). */
  attempts?: AttemptStore;
  /** Where uploads go: files under DATA_DIR, or the database table. */
  files: FileStore;
  /** Now; the real time unless a test moves it. */
  clock?: () => Date;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** How a parent's consent code travels; a click-to-WhatsApp link by default (tests capture it). */
  consentCodeSender?: ConsentCodeSender;
};

/** Builds the whole product as one Fastify instance; `server.ts` only listens. Closing it closes the database. */
export async function buildApp({
  config,
  database,
  attempts,
  files,
  clock = () => new Date(),
  logStream,
  consentCodeSender,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Background work gives way to the requests being served (lib/give-way.ts). A provider's webhook is the
  // worker's own echo and does not count.
  const serving = requestsInFlight();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!request.url.startsWith('/api/public/messages/')) reply.raw.once('close', serving.begin());
    done();
  });
  const provider = providerOf(config.messaging);
  const messageWorker = createMessageWorker({
    db: database.db,
    provider,
    log: app.log,
    isServing: serving.isServing,
    ...(config.messaging?.leaseMs ? { leaseMs: config.messaging.leaseMs } : {}),
  });
  const deps: Deps = {
    messaging: {
      channel: provider?.channel ?? 'none',
      whatsAppAppSecret: config.messaging?.whatsAppAppSecret,
      whatsAppVerifyToken: config.messaging?.whatsAppVerifyToken,
      msg91WebhookSecret: config.messaging?.msg91WebhookSecret,
      wake: () => messageWorker.wake(),
      isServing: serving.isServing,
    },
    db: database.db,
    database,
    files,
    clock,
    log: app.log,
    // Tests bring a stand-in; else the outbox when a provider is configured, else a wa.me link.
    consentCodeSender:
      consentCodeSender ?? (provider ? outboxSender(database.db, () => messageWorker.wake()) : whatsAppLinkSender),
    accessLog: createAccessLogger(database.db, {
      clock,
      onError: (error) => app.log.warn({ err: error }, 'access log entries lost'),
    }),
    ticketSigner: ticketSigner(config.jwtSecret),
    // The auth plugin, registered below, signs with the JWT secret.
    signSession: (user) => app.signSession(user),
    signStudentSession: (student) => app.signStudentSession(student),
    attempts:
      attempts ??
      (config.redisUrl ? redisAttemptStore(config.redisUrl, undefined, { log: app.log }) : memoryAttemptStore()),
    userCache: createUserCache({
      db: database.db,
      listen: database.listen,
      listenUrl: database.url,
      onListenError: (error) => app.log.warn({ err: error }, 'users_changed listener lost; user cache bypassed'),
    }),
    lookupCache: createLookupCache(database, (error) =>
      app.log.warn({ err: error }, 'lookups_changed listener lost; lookup cache bypassed'),
    ),
    enquiryPages: createEnquiryPages(database, (error) =>
      app.log.warn({ err: error }, 'enquiries_changed listener lost; enquiry pages read afresh'),
    ),
  };
  app.decorate('deps', deps);
  app.decorate('resultsWarmup', resultsWarmup(deps));
  // A restart on results day starts warm too.
  app.decorate('messageWorker', messageWorker);
  // Issue 27: the retention rules, nightly at 02:00 India time.
  let retention: { stop(): void } | undefined;
  app.addHook('onReady', async () => {
    app.resultsWarmup.schedule();
    retention = startRetentionSchedule(deps);
    if (config.messaging?.worker) messageWorker.start();
  });
  // Online tests whose time ran out without a submit are graded within a minute (issue 28).
  const sweep = gradingSweep(deps);
  app.addHook('onClose', async () => {
    await sweep.close();
    await messageWorker.stop();
    retention?.stop();
    await deps.accessLog.close();
    await app.resultsWarmup.close();
    await deps.userCache.close();
    await deps.lookupCache.close();
    await deps.enquiryPages.close();
    await deps.attempts.close();
    await database.close();
  });

  await app.register(metricsPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(docsPlugin);
  await registerRoutes(app, { metricsToken: config.metricsToken });
  if (config.webDist) {
    const flagIsOn = async (name: FlagName) =>
      isFlagOn(await listPublicFlags({ db: database.db, cache: deps.lookupCache }), name);
    await app.register(webPlugin, { root: config.webDist, flagIsOn });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a plain 404. An unknown page path is a 404 too, answered with the app, which
    // shows its not-found page (the app's own paths and the marketing pages have routes: plugins/web.ts).
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (isPage && app.webRoot) {
      return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: messages.notFound, code: 'NOT_FOUND' });
  });

  return app;
}
