// After `vite build` and the SSR build of src/public-pages.tsx: writes each marketing page as static HTML
// under dist/pages/, a copy of index.html per app path that preloads its route's chunks, and
// dist/pages/manifest.json for the server (which path is answered with which file).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const templateFile = path.join(dist, 'public-site.html');

const { publicPages, appPages, renderPublicPage } = await import(
  pathToFileURL(path.join(ssrDir, 'public-pages.js')).href
);
mkdirSync(path.join(dist, 'pages'), { recursive: true });

const pages = {};
const template = readFileSync(templateFile, 'utf8');
for (const page of publicPages) {
  const file = `pages/${page.file}.html`;
  writeFileSync(path.join(dist, file), renderPublicPage(page, template));
  pages[page.path] = file;
}

/** Every chunk a module needs, following its static imports (Vite's build manifest). */
const buildManifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
function chunksOf(key, found = new Set()) {
  const chunk = buildManifest[key];
  if (!chunk || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(imported, found);
  return found;
}

const appHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const app = {};
for (const page of appPages) {
  if (!page.modules) {
    app[page.path] = 'index.html';
    continue;
  }
  const chunks = new Set(page.modules.flatMap((module) => [...chunksOf(module)]));
  if (chunks.size === 0) throw new Error(`no chunks for ${page.path}: ${page.modules.join(', ')} not in the build`);
  const links = [...chunks]
    .filter((file) => !appHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  const file = `pages/app-${page.file}.html`;
  writeFileSync(path.join(dist, file), appHtml.replace('</head>', `  ${links}\n  </head>`));
  app[page.path] = file;
}

writeFileSync(
  path.join(dist, 'pages', 'manifest.json'),
  `${JSON.stringify({ pages: { ...pages, ...app } }, null, 2)}\n`,
);
rmSync(templateFile);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${publicPages.length} public pages and ${appPages.length} app paths into dist/pages/`);
