import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsHeaders } from './security-headers';

/** The OpenAPI document, generated from the route schemas, and its reading page at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mock Board Exams API',
        description: 'Staff dashboard and public site API. Paths, fields and messages follow SPEC.md §7 and §8.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(async (docs) => {
    // The reference page runs an inline bootstrap script; only its own routes get that looser policy.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, securityHeaders: docsHeaders } as typeof route.config;
    });
    // The reference plugin opens its OpenAPI document to every origin (CORS *); it is read by our own page only.
    docs.addHook('onSend', async (_request, reply) => {
      reply.removeHeader('access-control-allow-origin');
      reply.removeHeader('access-control-allow-methods');
    });
    await docs.register(scalar, { routePrefix: '/api/docs', configuration: { theme: 'default' } });
  });
});
