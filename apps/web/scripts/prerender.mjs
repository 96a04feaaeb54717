// After `vite build` and the SSR build of src/public-pages.tsx: writes each marketing page as static HTML
// under dist/pages/, a copy of index.html per app path (see below), and dist/pages/manifest.json for the
// server (which path is answered with which file).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const templateFile = path.join(dist, 'public-site.html');

const { publicPages, appPages, renderPublicPage, renderFirstPaint } = await import(
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

const escapeHtml = (text) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const entry = `/${buildManifest['index.html'].file}`;
const boot = `/${buildManifest['src/app-boot.ts'].file}`;
const appHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const preloadLink = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
if (appHtml.match(entryScript)?.[1] !== entry) throw new Error(`index.html does not load ${entry}`);

/**
 * An app path with `modules` gets its own copy of index.html that preloads its route chunks. With a
 * `FirstPaint` as well, the page itself is in the HTML (inside #root, marked data-first-paint) and the
 * app's scripts are listed in #app-scripts instead: src/app-boot.ts requests them once the page has
 * been painted, and the app replaces the copy with the same page (src/lib/first-paint.ts).
 */
function appPageHtml(page, flags) {
  const chunks = new Set(page.modules.flatMap((module) => [...chunksOf(module)]));
  if (chunks.size === 0) throw new Error(`no chunks for ${page.path}: ${page.modules.join(', ')} not in the build`);
  const fetches = (page.preloads ?? []).map(
    (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`,
  );
  const firstPaint = renderFirstPaint(page, flags);
  if (!firstPaint) {
    const links = [...chunks]
      .filter((file) => !appHtml.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return appHtml.replace('</head>', `  ${[...links, ...fetches].join('\n    ')}\n  </head>`);
  }
  // The entry imports the router and React on demand (src/main.tsx): their chunks are needed at once too.
  const startChunks = (buildManifest['index.html'].dynamicImports ?? []).flatMap((module) => [...chunksOf(module)]);
  const entryPreloads = [...appHtml.matchAll(preloadLink)].map((match) => match[1]);
  const chunkPreloads = [...startChunks, ...chunks].map((file) => `/${file}`).filter((href) => href !== entry);
  const scripts = { entry, preloads: [...new Set([...entryPreloads, ...chunkPreloads])] };
  const head = [
    ...fetches,
    `<script type="module" crossorigin src="${boot}"></script>`,
    `<script type="application/json" id="app-scripts">${JSON.stringify(scripts)}</script>`,
    ...(flags ? [`<script type="application/json" id="first-paint-flags">${JSON.stringify(flags)}</script>`] : []),
  ];
  let html = appHtml.replace(entryScript, '').replace(preloadLink, '');
  if (firstPaint.title) html = html.replace(/<title>.*?<\/title>/, firstPaint.title);
  return html
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-first-paint>${firstPaint.body}</div>`);
}

const app = {};
/** A page decided by a setting flag: its first paint with the flag on and off; the server picks one. */
const flagged = {};
for (const page of appPages) {
  if (!page.modules) {
    app[page.path] = 'index.html';
    continue;
  }
  // Without the flag's value (never expected): the page as it is while the app fetches the flags.
  const file = `pages/app-${page.file}.html`;
  writeFileSync(path.join(dist, file), appPageHtml(page));
  app[page.path] = file;
  if (!page.flag) continue;
  const variants = { flag: page.flag };
  for (const value of ['true', 'false']) {
    const variant = `pages/app-${page.file}.${page.flag.toLowerCase()}-${value === 'true' ? 'on' : 'off'}.html`;
    writeFileSync(path.join(dist, variant), appPageHtml(page, [{ flagName: page.flag, flagValue: value }]));
    variants[value === 'true' ? 'on' : 'off'] = variant;
  }
  flagged[page.path] = variants;
}

writeFileSync(
  path.join(dist, 'pages', 'manifest.json'),
  `${JSON.stringify({ pages: { ...pages, ...app }, flagged }, null, 2)}\n`,
);
rmSync(templateFile);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${publicPages.length} public pages and ${appPages.length} app paths into dist/pages/`);
