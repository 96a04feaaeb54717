import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { siteName } from '../../packages/domain/src/site.ts';

const publicTemplate = fileURLToPath(new URL('./public-site.html', import.meta.url));

/** Puts the one company name into index.html's title. */
function siteNamePlugin(): Plugin {
  return {
    name: 'site-name',
    transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', siteName),
  };
}

/**
 * The dev server renders the marketing pages the way the build does (scripts/prerender.mjs):
 * static HTML from src/public-pages.tsx in public-site.html, with its small script.
 */
function publicPagesDevPlugin(): Plugin {
  return {
    name: 'public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.method !== 'GET' || !req.url) return next();
        try {
          const pages = (await server.ssrLoadModule('/src/public-pages.tsx')) as typeof import('./src/public-pages');
          const page = pages.findPublicPage(new URL(req.url, 'http://localhost').pathname);
          if (!page) return next();
          const template = await server.transformIndexHtml(req.url, readFileSync(publicTemplate, 'utf8'));
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(pages.renderPublicPage(page, template));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), siteNamePlugin(), publicPagesDevPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser we serve supports <link rel="modulepreload">: no polyfill chunk.
    modulePreload: { polyfill: false },
    // Read by scripts/prerender.mjs to preload each app path's route chunks.
    manifest: true,
    rollupOptions: {
      // The React app, and the template of the static marketing pages.
      // app-boot.ts: the first script of the app pages with a prerendered first paint (scripts/prerender.mjs).
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        publicSite: publicTemplate,
        appBoot: fileURLToPath(new URL('./src/app-boot.ts', import.meta.url)),
      },
    },
  },
});
