// `node dist/initial-data-dir.js <dir>` (run by build.mjs): the embedded database a new data dir starts
// from, migrated, so a first start copies files instead of running initdb and every migration.
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { migrateDatabase, openPglite } from '../db/client';

/** A new embedded data dir in `dir`, with every migration of this build applied. */
export async function makeInitialDataDir(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const database = openPglite({ dataDir: dir });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: initial-data-dir <dir>');
  await makeInitialDataDir(dir);
}
