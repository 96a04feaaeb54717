import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, migratePostgres, openPglite } from '../db/client';
import { withDatabase } from './postgres-url';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data dir, dumped once per run; each test file loads a copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}

/** Prepares one migrated database per run, so each test file starts fresh in a fraction of a second. */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const database = openPglite();
  await migrateDatabase(database);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('The embedded database gave no dump');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, dump);
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const prefix = `t_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  await migratePostgres(withDatabase(url, template));
  project.provide('postgresTemplate', template);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
  };
}
