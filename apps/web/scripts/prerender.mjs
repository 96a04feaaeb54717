// After `vite build` and the SSR build of src/public-pages.tsx: writes each marketing page as static HTML
// under dist/pages/, and dist/pages/manifest.json for the server (which path is which file, which paths
// belong to the React app).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const templateFile = path.join(dist, 'public-site.html');

const { publicPages, appPaths, renderPublicPage } = await import(
  pathToFileURL(path.join(ssrDir, 'public-pages.js')).href
);
const template = readFileSync(templateFile, 'utf8');

mkdirSync(path.join(dist, 'pages'), { recursive: true });
const pages = {};
for (const page of publicPages) {
  const file = `pages/${page.file}.html`;
  writeFileSync(path.join(dist, file), renderPublicPage(page, template));
  pages[page.path] = file;
}
writeFileSync(path.join(dist, 'pages', 'manifest.json'), `${JSON.stringify({ pages, appPaths }, null, 2)}\n`);
rmSync(templateFile);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${publicPages.length} public pages into dist/pages/`);
