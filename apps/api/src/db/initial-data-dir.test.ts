import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInitialDataDir } from '../ops/initial-data-dir';
import { inTransaction } from '../ops/sql-session';
import { everyRow } from '../testing/database-contents';
import { freshDatabase } from '../testing/test-app';
import { type Database, migrateDatabase, openPglite } from './client';

/** Everything the migrations make, as PostgreSQL prints it: tables, columns, constraints, indexes, triggers, functions. */
async function schemaOf(database: Database): Promise<Record<string, string[]>> {
  const queries = {
    columns: `select table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
        coalesce(column_default, '') || ' ' || is_nullable as line
      from information_schema.columns where table_schema in ('public', 'drizzle') order by 1`,
    constraints: `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
      from pg_constraint where connamespace = 'public'::regnamespace order by 1`,
    indexes: `select indexdef as line from pg_indexes where schemaname in ('public', 'drizzle') order by 1`,
    triggers: `select tgrelid::regclass::text || ' ' || pg_get_triggerdef(oid) as line
      from pg_trigger where not tgisinternal order by 1`,
    functions: `select pg_get_functiondef(oid) as line from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
    migrations: `select hash || ' ' || created_at as line from drizzle.__drizzle_migrations order by id`,
  };
  return inTransaction(database, 'snapshot', async (session) => {
    const schema: Record<string, string[]> = {};
    for (const [name, text] of Object.entries(queries)) {
      schema[name] = (await session.query<{ line: string }>(text)).map((row) => row.line);
    }
    return schema;
  });
}

describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('a new embedded data dir from the build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'initial-data-dir-'));
  const initial = path.join(dir, 'initial');
  // Made once for both tests, which run in a random order and each open a data dir of their own.
  beforeAll(() => makeInitialDataDir(initial), 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts as a copy of the initial data dir and equals one migrated the slow way', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(dir, 'copied', 'pglite');
    const fast = openPglite({ dataDir, initialDataDir: initial });
    // Copied, not made by initdb: the copy is there before PGlite opens it.
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const slow = await freshDatabase();
    try {
      await migrateDatabase(fast);
      const [fastSchema, slowSchema] = [await schemaOf(fast), await schemaOf(slow)];
      expect(fastSchema.migrations?.length).toBeGreaterThan(20);
      expect(fastSchema.triggers?.length).toBeGreaterThan(0);
      expect(fastSchema).toEqual(slowSchema);
      expect(await everyRow(fast)).toEqual(await everyRow(slow));
    } finally {
      await fast.close();
      await slow.close();
    }
  });

  it('leaves a data dir that is already there as it is', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'reopened', 'pglite');
    const reopened = openPglite({ dataDir, initialDataDir: initial });
    try {
      await reopened.db.execute('create table kept_here (n int)');
    } finally {
      await reopened.close();
    }
    const again = openPglite({ dataDir, initialDataDir: initial });
    try {
      const { rows } = await again.pool.query("select to_regclass('public.kept_here')::text as t");
      expect(rows[0].t).toBe('kept_here');
    } finally {
      await again.close();
    }
  });
});
