import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../testing/test-app';
import { type Database, PREPARED_PER_CONNECTION } from './client';

describe('statements the app sends are prepared once per connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  const preparedCount = async (client: { query: Database['pool']['query'] }, text: string) =>
    (
      await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [
        text,
      ])
    ).rows[0]?.n;

  it('parses a query with values once, then only binds them; leaves DDL unnamed', async () => {
    const text = 'select $1::int + 1 as n';
    const client = await database.pool.connect();
    try {
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await client.query({ text, values: [value] })).rows[0].n);
      expect(answers).toEqual([2, 3, 4]);
      expect(await preparedCount(client, text)).toBe(1);
      await client.query({ text: 'create temporary table prepared_probe (n int)' });
      expect(await preparedCount(client, 'create temporary table prepared_probe (n int)')).toBe(0);
    } finally {
      client.release();
    }
  });

  it('keeps at most so many prepared on a connection, and sends the rest unnamed', async () => {
    const most = PREPARED_PER_CONNECTION[database.driver];
    const client = await database.pool.connect();
    try {
      for (let n = 0; n <= most; n += 1) {
        expect(
          (await client.query({ text: `select $1::int + ${n} as n /* cap probe */`, values: [1] })).rows[0].n,
        ).toBe(n + 1);
      }
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where statement like '%cap probe%'",
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
      expect(rows[0]?.n).toBeLessThanOrEqual(most);
    } finally {
      // Full now: the pool drops it, so other tests get a connection of their own.
      client.release(true);
    }
  });

  it('leaves a statement the caller named as it is', async () => {
    const client = await database.pool.connect();
    try {
      await client.query({ name: 'mine', text: 'select $1::text as t', values: ['a'] });
      const { rows } = await client.query<{ name: string }>(
        "select name from pg_prepared_statements where statement = 'select $1::text as t'",
      );
      // PGlite's thread prefixes each connection's names (pglite-worker.mjs).
      expect(rows.map((row) => row.name.replace(/^c\d+_/, ''))).toEqual(['mine']);
    } finally {
      client.release();
    }
  });
});
