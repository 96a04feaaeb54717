import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers as plain tables, copied onto every reply (computing nothing per request). Pages and
 * assets get the full set a browser document needs; JSON API answers a compact one (OWASP REST Security
 * Cheat Sheet). A route may carry its own set in `config.securityHeaders` (the API reference page does).
 * HSTS only over https (behind a TLS proxy with TRUST_PROXY, `request.protocol` says so): a browser
 * ignores it over plain http, and a branch network reaches the server over http.
 */
export type SecurityHeaders = Readonly<Record<string, string>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: SecurityHeaders;
  }
}

const contentSecurityPolicy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join(';');

const documentDirectives = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'font-src': "'self' data:",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
  'object-src': "'none'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'connect-src': "'self'",
};

/** What every document (page, asset, API reference) carries besides its content security policy. */
const documentHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The web app: scripts from our own origin only; PDFs and photo previews as blob: URLs. */
export const appHeaders: SecurityHeaders = {
  'content-security-policy': contentSecurityPolicy({
    ...documentDirectives,
    'script-src': "'self'",
    'img-src': "'self' data: blob:",
    'frame-src': "'self' blob:",
  }),
  ...documentHeaders,
};

/** The API reference page starts with an inline script. */
export const docsHeaders: SecurityHeaders = {
  'content-security-policy': contentSecurityPolicy({
    ...documentDirectives,
    'script-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
  }),
  ...documentHeaders,
};

/** JSON answers of the API: nothing in them is a document, so only what protects one opened or framed directly. */
export const apiHeaders: SecurityHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers of an answer to this request (also for answers sent before any route ran). */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, own?: SecurityHeaders): void {
  reply.headers(own ?? (request.url.startsWith('/api/') ? apiHeaders : appHeaders));
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply, request.routeOptions.config?.securityHeaders);
    done();
  });
});
