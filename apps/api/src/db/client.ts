import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { CommitOutcomeUnknown, isConnectionError, isTransientConflict } from './errors';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction, so the service owns the transaction. */
export type Executor = Db | Tx;

/**
 * The rows of a raw SQL statement. Both drivers answer `{ rows }` (node-postgres and PGlite), but
 * Drizzle's type for `execute` on a database that may be either does not say so: the one cast lives here.
 */
export async function executeRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The driver's own client, for what Drizzle does not cover (backups copy every table generically). */
export type RawClient = { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; pool: pg.Pool };

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  raw: RawClient;
  /** PGlite on disk only: this process's hold on the data dir (see data-dir-lock.ts). */
  dataDirLock?: DataDirLock;
  /** The server's URL, PostgreSQL only: for connections of their own (LISTEN). */
  url?: string;
  /** PGlite only: LISTEN in-process (PostgreSQL needs a connection of its own, from `url`). */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<unknown>;
  close(): Promise<void>;
};

/** Migrations sit beside this module: src/db/migrations, or dist/migrations once bundled. */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A lock number of our own, so two instances starting together migrate one after the other. */
const MIGRATION_LOCK_ID = 7_354_012_001;

export function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Database {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dataDirLock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    relaxedDurability: false,
    // PostgreSQL's default 128 MB of shared buffers all live in the WebAssembly heap. 32 MB takes a
    // reopened database from ~340 MB to ~220 MB resident; the files stay in the OS page cache anyway.
    postgresqlconf: ['shared_buffers=32MB'],
  });
  const db = retryingTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    raw: { driver: 'pglite', client },
    ...(dataDirLock ? { dataDirLock } : {}),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: async () => {
      try {
        await client.close();
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
function retryingTransactions(db: Db, run: Db['transaction'] = db.transaction.bind(db)): Db {
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
  // Drizzle's own transaction on a pool leaks the connection when BEGIN fails on a broken one, and hands
  // a broken one back: here a connection that broke is released as broken, so the pool drops it.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  const clientDb = (client: pg.PoolClient) => {
    let db = onClient.get(client);
    if (!db) {
      db = drizzleNodePg(client, { schema }) as unknown as Db;
      onClient.set(client, db);
    }
    return db;
  };
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  retryingTransactions(db, async (transaction, config) => {
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
  return { db, driver: 'postgres', raw: { driver: 'postgres', pool }, url, close: () => pool.end() };
}

/** Applies the committed SQL migrations. On PostgreSQL it holds an advisory lock meanwhile. */
export async function migrateDatabase(database: Database, postgresUrl?: string): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
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
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
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
