import { openPglite, migrateDatabase } from './src/db/client';
import { mkdtempSync } from 'node:fs';
const dir = mkdtempSync('/tmp/pglite-probe-');
const u = '00000000-0000-4000-8000-000000000000';
for (const where of [undefined, dir]) {
  const d = openPglite(where ? { dataDir: where } : {});
  await migrateDatabase(d);
  for (let round = 0; round < 2; round++) {
    let t = performance.now();
    for (let i = 0; i < 500; i++) await d.pool.query('select 1');
    console.log(where ? 'disk' : 'memory', 'select 1 via worker µs', ((performance.now() - t) / 500 * 1000).toFixed(0));
    t = performance.now();
    for (let i = 0; i < 500; i++) await d.pool.query('select * from visiting_records where created_by = $1 order by created_at desc limit 20', [u]);
    console.log(where ? 'disk' : 'memory', 'param select via worker µs', ((performance.now() - t) / 500 * 1000).toFixed(0));
    t = performance.now();
    await Promise.all(Array.from({length: 500}, () => d.pool.query('select * from visiting_records where created_by = $1 order by created_at desc limit 20', [u])));
    console.log(where ? 'disk' : 'memory', '500 at once, per query µs', ((performance.now() - t) / 500 * 1000).toFixed(0));
  }
  await d.close();
}
