import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already encoded by the route's response schema (`JSON.stringify(z.encode(schema, value))`, kept
 * in a cache): Fastify sends a string typed as JSON as it is. Not stored by any cache on the way.
 */
export function sendEncodedJson(reply: FastifyReply, json: string) {
  return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(json);
}
