import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { photoQueue } from '../files/files.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /api/metrics exposes, in Prometheus's text format. */
    metrics: Registry;
  }
}

/**
 * The operator's view (README, Deployment): requests by route and status, their latency, server errors,
 * the database pool, the photo-decoding queue, the process's memory and event-loop delay. One registry
 * per app (tests build many); routes are labelled by their pattern, so the label set stays small.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { database }: { database: Database }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'photo_decode_queue',
    help: 'Photos being decoded (state=running) and waiting their turn (state=waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'running' }, photoQueue.running);
      this.set({ state: 'waiting' }, photoQueue.waiting);
    },
  });
  const { pool } = database;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool (PGlite: its one connection): connections open (state=total), idle, and requests waiting for one (state=waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { route, method: request.method };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ route });
  });
});
