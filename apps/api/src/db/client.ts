import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { CommitOutcomeUnknown, isConnectionError, isTransientConflict } from './errors';
import { startPgliteThread } from './pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both databases speak through node-postgres: PostgreSQL over its socket, PGlite over its thread's. */
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction, so the service owns the transaction. */
export type Executor = Db | Tx;

/**
 * A read of several statements that must agree with each other (a page of balances with the records they
 * sum): one REPEATABLE READ, READ ONLY transaction, so a write committing meanwhile shows whole or not at all.
 */
const READ_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Runs `read` in one READ_SNAPSHOT transaction; its statements go one after another on its one connection. */
export const readSnapshot = <T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(read, READ_SNAPSHOT);

/** The rows of a raw SQL statement. */
export async function executeRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const { rows } = await db.execute<T>(query);
  return rows as T[];
}

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The driver's pool, for what Drizzle does not cover (backups copy every table generically). */
  pool: pg.Pool;
  /** PGlite on disk only: this process's hold on the data dir (see data-dir-lock.ts). */
  dataDirLock?: DataDirLock;
  /** The server's URL, PostgreSQL only: for connections of their own (LISTEN). */
  url?: string;
  /** PGlite only: LISTEN on its one session (PostgreSQL needs a connection of its own, from `url`). */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<unknown>;
  /** PGlite only: its data dir as a tar (the test harness loads a copy into each fresh database). */
  dumpDataDir?: () => Promise<Uint8Array>;
  close(): Promise<void>;
};

/** Migrations sit beside this module: src/db/migrations, or dist/migrations once bundled. */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A lock number of our own, so two instances starting together migrate one after the other. */
const MIGRATION_LOCK_ID = 7_354_012_001;

/**
 * PGlite on a thread of its own (db/pglite.ts), reached through node-postgres like a server. PGlite is
 * one session; the thread shares it among the pool's connections as a pooler in transaction mode does
 * (pglite-worker.mjs): statements of several requests queue up there, and while one connection's
 * transaction is open only that connection's statements run.
 */
const PGLITE_CONNECTIONS = 8;

export function openPglite(
  options: {
    dataDir?: string;
    loadDataDir?: Uint8Array;
    /**
     * A data dir made by `makeInitialDataDir` (the build ships one: dist/pglite-initial). A new data dir
     * starts as a copy of it instead of running initdb in WebAssembly (~6 s); the migrations still run
     * after, so a copy older than the build's migrations only catches up.
     */
    initialDataDir?: string;
  } = {},
): Database {
  const { initialDataDir, ...threadOptions } = options;
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dataDirLock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
  if (options.dataDir && initialDataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    cpSync(initialDataDir, options.dataDir, { recursive: true });
  }
  const thread = startPgliteThread(threadOptions);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const pool = new pg.Pool({
    // Several connections keep the thread's queue full; it runs their statements one at a time.
    max: PGLITE_CONNECTIONS,
    idleTimeoutMillis: 0,
    // As before the thread: a request waits behind a long transaction (a backup) instead of failing.
    connectionTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => thread.connect(),
    // LISTEN holds for the session, whichever connection said it; a notice reaches whichever connection
    // the session answers next, so each one passes notices on.
    onConnect: (client) => {
      client.on('error', () => {});
      client.on('notification', ({ channel, payload }) => {
        for (const onMessage of listeners.get(channel) ?? []) onMessage(payload ?? '');
      });
    },
  });
  pool.on('error', () => {});
  const database = withPool(pool, { driver: 'pglite', ...(dataDirLock ? { dataDirLock } : {}) });
  return {
    ...database,
    async listen(channel, onMessage) {
      const known = listeners.get(channel);
      if (known) return known.add(onMessage);
      listeners.set(channel, new Set([onMessage]));
      await pool.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    },
    dumpDataDir: () => thread.dump(),
    close: async () => {
      try {
        await pool.end();
        await thread.close();
      } finally {
        dataDirLock?.release();
      }
    },
  };
}

/**
 * A transaction that PostgreSQL rolls back for a deadlock or a serialization failure runs once more,
 * from the start, here for every service: nothing of the first run was committed, so a money write
 * stays exactly-once. Locks are taken in the order of docs/decisions/009-lock-order.md, so a deadlock
 * is a bug to find, and the second run is only the safety net. A second conflict reaches the error
 * handler (503 with Retry-After).
 */
function retryingTransactions(db: Db, run: Db['transaction']): Db {
  db.transaction = async (transaction, config) => {
    try {
      return await run(transaction, config);
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      return run(transaction, config);
    }
  };
  return db;
}

/** How long a request waits for a pooled connection before it answers 503 (a database that does not answer). */
const CONNECT_TIMEOUT_MS = 10_000;

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A dropped connection must not crash the process (an unhandled 'error' event): the pool listens on
  // idle ones and replaces them; a checked-out one (inside a transaction) gets a listener of its own
  // here, and its query in flight fails instead, which the request answers with 503 (plugins/errors.ts).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return { ...withPool(pool, { driver: 'postgres' }), url, close: () => pool.end() };
}

/**
 * How many statements one connection keeps prepared; statements beyond are sent unnamed, as before.
 * PGlite's connections share one session in one WebAssembly heap (and the server's memory): fewer there.
 */
export const PREPARED_PER_CONNECTION = { postgres: 500, pglite: 100 };
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Each connection has the database parse and plan a statement once, not at every call: a statement the
 * app sends (Drizzle sends its queries unnamed) gets a name from its text, so node-postgres prepares it
 * on a connection the first time and then only binds values to it. A page of a list spent most of its
 * database time there, on PGlite in WebAssembly above all (docs/decisions/014-request-path.md). The text
 * names the statement and its values are parameters, so a name stands for one text. DDL and transaction
 * control stay unnamed; a connection keeps at most PREPARED_PER_CONNECTION of them, for bounded memory.
 */
const preparingStatements = (most: number) => (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'object' && config !== null && !('name' in config && config.name)) {
      const text = (config as { text?: unknown }).text;
      if (typeof text === 'string' && DATA_STATEMENT.test(text)) {
        const name = `s${createHash('sha1').update(text).digest('base64url')}`;
        if (named.has(name) || named.size < most) {
          named.add(name);
          return query({ ...config, name }, ...rest);
        }
      }
    }
    return query(config, ...rest);
  }) as typeof client.query;
};

/**
 * Drizzle on a pool, its transactions on a connection of their own. Drizzle's own transaction on a pool
 * leaks the connection when BEGIN fails on a broken one, and hands a broken one back: here a connection
 * that broke is released as broken, so the pool drops it.
 */
function withPool(
  pool: pg.Pool,
  extra: Pick<Database, 'driver' | 'dataDirLock'>,
): Pick<Database, 'db' | 'pool' | 'driver' | 'dataDirLock' | 'close'> {
  pool.on('connect', preparingStatements(PREPARED_PER_CONNECTION[extra.driver]));
  const onClient = new WeakMap<pg.PoolClient, Db>();
  const clientDb = (client: pg.PoolClient) => {
    let db = onClient.get(client);
    if (!db) {
      db = drizzle(client, { schema });
      onClient.set(client, db);
    }
    return db;
  };
  const db = retryingTransactions(drizzle(pool, { schema }), async (transaction, config) => {
    const client = await pool.connect();
    let broken = false;
    let committing = false;
    try {
      return await clientDb(client).transaction(async (tx) => {
        const result = await transaction(tx);
        committing = true;
        return result;
      }, config);
    } catch (error) {
      broken = isConnectionError(error);
      // Before COMMIT a broken connection means nothing was written (503, try again); during it, no
      // client can tell, so the answer must not invite a blind retry (a 500; payments have idempotency keys).
      if (broken && committing) throw new CommitOutcomeUnknown(error);
      throw error;
    } finally {
      client.release(broken);
    }
  });
  return { db, pool, ...extra, close: () => pool.end() };
}

/** Applies the committed SQL migrations. On PostgreSQL it holds an advisory lock meanwhile. */
export async function migrateDatabase(database: Database, postgresUrl?: string): Promise<void> {
  if (database.driver === 'pglite') {
    await migrate(database.db, { migrationsFolder });
    return;
  }
  if (!postgresUrl) throw new Error('migrateDatabase needs the PostgreSQL URL');
  await migratePostgres(postgresUrl);
}

/** The migrations this build carries, by the time drizzle records for each (`when` in the journal). */
let journalTimes: number[] | undefined;
function migrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when);
  return journalTimes;
}

/**
 * How many of this build's migrations the database lacks (0: up to date). Drizzle records each applied
 * one in drizzle.__drizzle_migrations with its journal time; an older build on a newer database also
 * answers 0.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const [row] = await executeRows<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const last = Number(row?.last ?? 0);
  return migrationTimes().filter((when) => when > last).length;
}

/** Two instances starting at once on one server: the second waits, then finds nothing to do. */
export async function migratePostgres(url: string): Promise<void> {
  // The lock is per connection, so the migration runs on the connection that holds it.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/**
 * Least privilege in PostgreSQL mode (MIGRATION_DATABASE_URL set): the schema's owner migrates, then
 * gives the app's role (DATABASE_URL's user) what it needs on every table, and no UPDATE, DELETE or
 * TRUNCATE on the audit trail. Runs at each start, so tables added by later migrations are covered.
 * Nothing to do when both URLs name the same role.
 */
export async function grantAppRole(ownerUrl: string, appUrl: string): Promise<void> {
  const role = decodeURIComponent(new URL(appUrl).username);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string }>('select current_user as owner');
    if (!role || role === rows[0]?.owner) return;
    const app = client.escapeIdentifier(role);
    await client.query(`grant usage on schema public to ${app}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${app}`);
    await client.query(`grant usage, select on all sequences in schema public to ${app}`);
    await client.query(`revoke update, delete, truncate on audit_log from ${app}`);
    // For `/api/health/ready`: which migrations are applied.
    await client.query(`grant usage on schema drizzle to ${app}`);
    await client.query(`grant select on drizzle.__drizzle_migrations to ${app}`);
  } finally {
    await client.end();
  }
}
