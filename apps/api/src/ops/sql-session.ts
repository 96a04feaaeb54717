import type { Database } from '../db/client';

/** Plain SQL on one connection inside one transaction: what copying every table generically needs. */
export type SqlSession = {
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
};

type Mode = 'snapshot' | 'write';

/**
 * Runs `work` in one transaction on one connection. 'snapshot' is REPEATABLE READ, READ ONLY: every
 * table is read as of one moment while the app keeps writing. PGlite is one session: while this
 * transaction is open, the app's own queries wait until `work` is done.
 */
export async function inTransaction<T>(
  database: Database,
  mode: Mode,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const begin = mode === 'snapshot' ? 'isolation level repeatable read, read only' : 'isolation level read committed';
  const connection = await database.pool.connect();
  try {
    await connection.query(`begin ${begin}`);
    await connection.query(`set local timezone = 'UTC'`);
    const result = await work({
      async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
        return (await connection.query<Row>(text, params)).rows;
      },
    });
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}
