import type { SqlSession } from './sql-session';

/**
 * What a backup learns from the database's own catalog, so that every table of the public schema is
 * copied, today's and those later migrations add, without a list kept in code.
 */
export type TableInfo = {
  name: string;
  /** Columns a row is written with (generated columns are computed again, not copied). */
  columns: string[];
  primaryKey: string[];
  /** Integer columns named `*_paise`: money, summed in the manifest and checked after a restore. */
  moneyColumns: string[];
};

export type TableStats = { rows: number; sums: Record<string, string> };

export type MigrationLevel = { count: number; lastHash: string | null };

/** Uploaded files when FILE_STORE=database: carried as files in the archive, not as rows. */
export const FILES_TABLE = 'stored_files';

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Catalog = { tables: TableInfo[]; hasCycle: boolean };

/** Every table of the public schema, parents before the tables that reference them. */
export async function readCatalog(session: SqlSession): Promise<Catalog> {
  const columns = await session.query<{ table: string; column: string; type: string; generated: boolean }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
            a.attgenerated <> '' as generated
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await session.query<{ table: string; parent: string }>(
    `select distinct c.relname as table, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f' and c.oid <> p.oid`,
  );

  const byName = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = byName.get(row.table) ?? { name: row.table, columns: [], primaryKey: [], moneyColumns: [] };
    byName.set(row.table, table);
    if (row.generated) continue;
    table.columns.push(row.column);
    if (row.column.endsWith('_paise') && /^(smallint|integer|bigint|numeric)/.test(row.type)) {
      table.moneyColumns.push(row.column);
    }
  }
  for (const row of keys) byName.get(row.table)?.primaryKey.push(row.column);

  // Parents first; among tables that are free to go, by name, so archives come out the same each time.
  const parents = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const { table, parent } of references) parents.get(table)?.add(parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const names = [...byName.keys()].sort();
  while (placed.size < names.length) {
    const next = names.find((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)));
    if (!next) {
      // A cycle of foreign keys: the rest in name order; restoring them needs checks switched off.
      for (const name of names) if (!placed.has(name)) ordered.push(byName.get(name) as TableInfo);
      return { tables: ordered, hasCycle: true };
    }
    placed.add(next);
    ordered.push(byName.get(next) as TableInfo);
  }
  return { tables: ordered, hasCycle: false };
}

export async function readStats(session: SqlSession, table: TableInfo): Promise<TableStats> {
  const sums = table.moneyColumns.map((column, i) => `coalesce(sum(${quoteIdent(column)}), 0)::text as s${i}`);
  const [row] = await session.query<Record<string, string>>(
    `select count(*)::text as rows${sums.length ? `, ${sums.join(', ')}` : ''} from ${quoteIdent(table.name)}`,
  );
  return {
    rows: Number(row?.rows ?? 0),
    sums: Object.fromEntries(table.moneyColumns.map((column, i) => [column, row?.[`s${i}`] ?? '0'])),
  };
}

export type SequenceValue = { name: string; lastValue: string | null };

export async function readSequences(session: SqlSession): Promise<SequenceValue[]> {
  return session.query<SequenceValue>(
    `select sequencename as name, last_value::text as "lastValue"
       from pg_sequences where schemaname = 'public' order by sequencename`,
  );
}

/** The app's migrations applied to this database (Drizzle's journal), oldest first. */
export async function readMigrations(session: SqlSession): Promise<string[]> {
  const [exists] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await session.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => row.hash);
}

/** Triggers of our own that fire on INSERT: a restore must not let them add rows of their own. */
export async function readInsertTriggers(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select c.relname || '.' || t.tgname as name
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 4) <> 0
      order by 1`,
  );
  return rows.map((row) => row.name);
}
