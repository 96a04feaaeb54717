import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FlagName, flagNames } from '@app/domain/flags.schemas';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** Written by the web build (apps/web/scripts/prerender.mjs). */
const pagesManifest = z.object({
  /**
   * Path → HTML file relative to the web root: a marketing page's static HTML, or the React app's
   * index.html (or a copy of it that preloads the path's route chunks).
   */
  pages: z.record(z.string(), z.string()),
  /**
   * Pages decided by a setting flag (the hall-ticket and result pages): the same page prerendered with
   * the flag on and off. The one matching the flag now is sent; `pages` has the fallback.
   */
  flagged: z.record(z.string(), z.object({ flag: z.enum(flagNames), on: z.string(), off: z.string() })).default({}),
});

const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Pages and unhashed files: the browser checks with the server (ETag) before reusing them. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. Files come precompressed (brotli or gzip, written at build time) when the
 * browser accepts them. Hashed assets are cached for a year; the marketing pages are static HTML; the
 * React app's paths get index.html (see the build's pages/manifest.json). Any other path falls to the not-found handler (a 404 with the app,
 * which shows its not-found page). /api paths never fall back to the app.
 */
type WebOptions = {
  root: string;
  /** Reads a setting flag now: which variant of a flagged page to send. */
  flagIsOn?: (flag: FlagName) => Promise<boolean>;
};

export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? HASHED_ASSET : REVALIDATE);
    },
  });
  app.decorate('webRoot', options.root);

  const manifestFile = path.join(options.root, 'pages', 'manifest.json');
  if (!existsSync(manifestFile)) {
    app.log.warn({ root: options.root }, 'no prerendered pages: the web build is incomplete');
    return;
  }
  const manifest = pagesManifest.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const { flagIsOn } = options;
  for (const [url, file] of Object.entries(manifest.pages)) {
    const variants = manifest.flagged[url];
    if (!variants || !flagIsOn) {
      app.get(url, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
      continue;
    }
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      let variant = file;
      try {
        variant = (await flagIsOn(variants.flag)) ? variants.on : variants.off;
      } catch (error) {
        request.log.error({ err: error }, 'flag unreadable: sending the page that asks the API');
      }
      // The same URL answers two files as the flag changes: no ETag or Last-Modified that could
      // make the browser keep the other one (the pages are a few kilobytes).
      return reply.sendFile(variant, { etag: false, lastModified: false });
    });
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    webRoot?: string;
  }
}
