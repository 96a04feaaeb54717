import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './config';
import { type Database, grantAppRole, migrateDatabase, openPglite, openPostgres } from './db/client';

/** The build's initial embedded data dir, beside the bundle (ops/initial-data-dir.ts); none under src/. */
const initialDataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-initial');

/**
 * The database the environment names, migrated: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR.
 * With MIGRATION_DATABASE_URL the migrations run as the schema's owner and the app as a role that may
 * only add to the audit trail (README, PostgreSQL mode).
 */
export async function openDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : openPglite({
        dataDir: path.join(env.DATA_DIR, 'pglite'),
        ...(existsSync(initialDataDir) ? { initialDataDir } : {}),
      });
  await migrateDatabase(database, env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL);
  if (env.MIGRATION_DATABASE_URL && env.DATABASE_URL) await grantAppRole(env.MIGRATION_DATABASE_URL, env.DATABASE_URL);
  return database;
}
