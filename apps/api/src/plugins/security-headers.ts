import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers, computed once at boot with helmet and copied onto every reply: the same headers
 * as helmet's middleware, without recomputing them for each request (a measurable cost on the hot path).
 * Pages and assets get helmet's full set; JSON API answers a compact one. A route may carry its own
 * set in `config.securityHeaders` (the API reference page does).
 */
export type SecurityHeaders = Record<string, string>;

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: SecurityHeaders;
  }
}

export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: SecurityHeaders = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

const sharedDirectives = {
  defaultSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Phones reach the server over plain http on a branch network: never rewrite to https.
  upgradeInsecureRequests: null,
};

/** The web app: scripts from our own origin only; PDFs and photo previews as blob: URLs. */
export const appHeaders = computeSecurityHeaders({
  contentSecurityPolicy: {
    directives: {
      ...sharedDirectives,
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      frameSrc: ["'self'", 'blob:'],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * JSON answers of the API: nothing in them is a document, so only what protects a response that is
 * opened or framed directly (OWASP REST Security Cheat Sheet). A third of the bytes of a small answer.
 */
export const apiHeaders: SecurityHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API reference page starts with an inline script. */
export const docsHeaders = computeSecurityHeaders({
  contentSecurityPolicy: {
    directives: {
      ...sharedDirectives,
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
    },
  },
  crossOriginEmbedderPolicy: false,
});

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config?.securityHeaders;
    reply.headers(own ?? (request.url.startsWith('/api/') ? apiHeaders : appHeaders));
    done();
  });
});
