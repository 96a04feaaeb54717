import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Per table of schema public: its row count and a hash of all its rows. */
export type TableSnapshot = Record<string, { rows: number; hash: string }>;

/**
 * drizzle's own bookkeeping (it lives in schema drizzle by default; excluded wherever it is), and the
 * access log, which earlier reads fill in batches a moment after they were answered (issue 27): a batch
 * landing during a case is no change the case made.
 */
const IGNORED_TABLES = new Set(['__drizzle_migrations', 'access_log']);

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every row of every table, hashed in the database: one round trip. The query is built once per
 * database from information_schema, so a table a later migration adds is covered without a change here.
 *
 * Hashing every row takes ~20 ms, so it is skipped when no transaction has written since the last
 * snapshot: every transaction that writes (even one rolled back) is given a transaction id first,
 * so while the next id to give out has not moved, no row can have changed.
 */
export function tableSnapshotter(db: Db): () => Promise<TableSnapshot> {
  let last: { nextXid: string; snapshot: TableSnapshot } | undefined;
  const hashAll = allRowsHasher(db);
  return async () => {
    const [row] = rowsOf<{ next: string }>(
      await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`),
    );
    const nextXid = row?.next ?? '';
    if (last && last.nextXid === nextXid) return last.snapshot;
    const snapshot = await hashAll();
    last = { nextXid, snapshot };
    return snapshot;
  };
}

function allRowsHasher(db: Db): () => Promise<TableSnapshot> {
  let query: string | undefined;
  return async () => {
    if (!query) {
      const tables = rowsOf<{ table_name: string }>(
        await db.execute(
          sql`select table_name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
        ),
      )
        .map((row) => row.table_name)
        .filter((name) => !IGNORED_TABLES.has(name));
      if (tables.length === 0) throw new Error('no tables to snapshot');
      query = tables
        .map(
          (name) =>
            `select '${name.replaceAll("'", "''")}' as name, count(*)::int as rows,
                    md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash
             from public.${quoteIdent(name)} t`,
        )
        .join(' union all ');
    }
    const snapshot: TableSnapshot = {};
    for (const row of rowsOf<{ name: string; rows: number; hash: string }>(await db.execute(sql.raw(query)))) {
      snapshot[row.name] = { rows: Number(row.rows), hash: row.hash };
    }
    return snapshot;
  };
}

/** The names of the tables whose rows differ between two snapshots. */
export function changedTableNames(before: TableSnapshot, after: TableSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name]?.hash !== after[name]?.hash);
}

/** The tables whose rows differ between two snapshots, e.g. `students (3 → 4 rows)`. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return changedTableNames(before, after).map(
    (name) => `${name} (${before[name]?.rows ?? '-'} → ${after[name]?.rows ?? '-'} rows)`,
  );
}

/**
 * The rows of a table written last (by the transaction id that wrote each version, newest first), each
 * shortened: what a change nobody expected wrote, to tell a request's write from a background job's.
 */
export async function lastWrittenRows(db: Db, table: string, limit = 3): Promise<string[]> {
  const result = await db.execute(
    sql.raw(
      `select left(t::text, 300) as row from public.${quoteIdent(table)} t
       order by t.xmin::text::bigint desc limit ${Number(limit)}`,
    ),
  );
  return rowsOf<{ row: string }>(result).map((item) => item.row);
}

/** Rows of raw SQL, with either driver's result shape ({ rows } on both). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
