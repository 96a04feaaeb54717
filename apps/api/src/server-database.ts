import path from 'node:path';
import type { Env } from './config';
import { type Database, migrateDatabase, openPglite, openPostgres } from './db/client';

/** The database the environment names, migrated: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export async function openDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : openPglite({ dataDir: path.join(env.DATA_DIR, 'pglite') });
  await migrateDatabase(database, env.DATABASE_URL);
  return database;
}
