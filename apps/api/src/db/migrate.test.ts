import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../testing/postgres-url';
import { migratePostgres } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres' && url)('migrations on PostgreSQL', () => {
  it('two instances starting at once migrate once, one after the other', async () => {
    const name = `t_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = withDatabase(url as string, name);
      await Promise.all([migratePostgres(target), migratePostgres(target), migratePostgres(target)]);
      const check = new pg.Client({ connectionString: target });
      await check.connect();
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const tables = await check.query("select to_regclass('public.users') as users");
      await check.end();
      expect(rows[0].n).toBeGreaterThan(0);
      expect(tables.rows[0].users).toBe('users');
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
