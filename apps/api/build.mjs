// Bundles the API into dist/ with esbuild: our code and @app/domain inline, npm packages
// left as imports, migrations and the embedded database's worker copied beside the bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@app/'));

rmSync('dist', { recursive: true, force: true });
await build({
  // Every entry lands at the top of dist/, beside migrations/ (db/client.ts finds them there).
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/seed-demo.ts', out: 'seed-demo' },
    { in: 'src/ops/backup.ts', out: 'backup' },
    { in: 'src/ops/restore.ts', out: 'restore' },
    { in: 'src/ops/rekey.ts', out: 'rekey' },
    { in: 'src/ops/migrate-to-postgres.ts', out: 'migrate-to-postgres' },
    { in: 'src/ops/initial-data-dir.ts', out: 'initial-data-dir' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The embedded database's thread runs from its own file (db/pglite.ts starts it).
cpSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
// The data dir a new embedded database starts from (server-database.ts), migrated by this build's code.
execFileSync(process.execPath, ['dist/initial-data-dir.js', 'dist/pglite-initial'], { stdio: 'inherit' });
