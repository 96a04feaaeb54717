import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { diskFileStore } from '../lib/file-store';
import { entryKind, MANIFEST_ENTRY, type Manifest, manifestSchema } from './archive';
import { BackupEncryptionError } from './backup-crypto';
import {
  FILES_TABLE,
  quoteIdent,
  readCatalog,
  readInsertTriggers,
  readMigrations,
  readStats,
  type TableInfo,
  type TableStats,
} from './catalog';
import { inTransaction, type SqlSession } from './sql-session';
import type { TarEntry } from './tar';
import { ArchiveEndedEarly, ArchiveHeaderDamaged, readTarGz } from './tar';

/** Where the archive's files go: a disk store, the database table, or nowhere (they stay where they are). */
export type FileTarget = { kind: 'disk'; root: string } | { kind: 'database' } | { kind: 'none' };

/** The target cannot take this backup; nothing was written. The message says why and what to do. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export type RestoreReport = {
  manifest: Manifest;
  /** Rows and money sums counted in the target after the restore, per table of the backup. */
  tables: { name: string; backup: TableStats; restored: TableStats }[];
  files: { count: number; bytes: number; target: FileTarget['kind'] };
};

const damaged = (what: string) =>
  new RestoreRefusedError(`The backup file is damaged (${what}): nothing was restored. Use another copy of it.`);
const notABackup = () =>
  new RestoreRefusedError('This file is not a backup made by `npm run backup` (it has no manifest first).');

/**
 * One sentence for a failure of the archive's bytes (cipher, gzip, tar), never the bytes themselves; an
 * encrypted archive's own sentence (altered, cut short) is kept.
 */
function archiveFailure(error: unknown): RestoreRefusedError | BackupEncryptionError {
  if (error instanceof RestoreRefusedError || error instanceof BackupEncryptionError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('Z_')) return damaged('its compressed data does not check out');
  if (error instanceof ArchiveEndedEarly) return damaged('it is cut short');
  if (error instanceof ArchiveHeaderDamaged) return damaged('an entry header is broken');
  return damaged('it could not be read');
}

/**
 * Reads a whole archive once without touching any database: the manifest first, every entry known,
 * every row line a JSON object, each table's row count and each photo's size and SHA-256 as the
 * manifest says, the gzip checksum at the end. A damaged or foreign file is refused in one sentence
 * naming what is wrong (no stack, no row contents), in the time it takes to read it.
 */
export async function verifyArchive(input: Readable): Promise<Manifest> {
  const entries = readTarGz(input);
  try {
    const first = await entries.next();
    if (first.done || first.value.name !== MANIFEST_ENTRY) throw notABackup();
    const parsed = manifestSchema.safeParse(safeJson(first.value.content));
    if (!parsed.success) throw new RestoreRefusedError('This backup has a manifest this version cannot read.');
    const manifest = parsed.data;
    const expectedRows = new Map(manifest.tables.map((table) => [table.name, table.rows]));
    const expectedFiles = new Map(manifest.files.map((file) => [file.hash, file.size]));
    const rows = new Map<string, number>();
    let files = 0;
    for await (const entry of entries) {
      const kind = entryKind(entry.name);
      if (kind.kind === 'table') {
        if (!expectedRows.has(kind.table)) throw damaged(`it holds rows of a table its manifest does not list`);
        const lines = entry.content.toString('utf8').split('\n').filter(Boolean);
        if (!lines.every((line) => isObjectLine(line))) throw damaged(`a row of ${kind.table} is not readable`);
        rows.set(kind.table, (rows.get(kind.table) ?? 0) + lines.length);
      } else if (kind.kind === 'file') {
        const size = expectedFiles.get(kind.hash);
        const actual = createHash('sha256').update(entry.content).digest('hex');
        if (size !== entry.content.length || actual !== kind.hash) throw damaged('a photo does not match its checksum');
        files += 1;
      } else {
        throw damaged('it holds an entry this version does not know');
      }
    }
    for (const [table, count] of expectedRows) {
      if ((rows.get(table) ?? 0) !== count)
        throw damaged(`${table} holds other than the ${count} rows its manifest lists`);
    }
    if (files !== manifest.files.length) throw damaged('photos are missing');
    return manifest;
  } catch (error) {
    throw archiveFailure(error);
  }
}

function isObjectLine(line: string): boolean {
  const value = safeJson(Buffer.from(line));
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Restores an archive into an empty, migrated database in one transaction: the rows, parents first;
 * sequences at the values they had; files into `files`. The target's counts and money sums are
 * checked against the manifest before it commits, so a restore is all or nothing.
 */
export async function restoreBackup(
  target: { database: Database; files: FileTarget },
  input: Readable,
): Promise<RestoreReport> {
  const entries = readTarGz(input);
  const first = await entries.next().catch((error: unknown) => {
    throw archiveFailure(error);
  });
  if (first.done || first.value.name !== MANIFEST_ENTRY) throw notABackup();
  const parsed = manifestSchema.safeParse(safeJson(first.value.content));
  if (!parsed.success) throw new RestoreRefusedError('This backup has a manifest this version cannot read.');
  const manifest = parsed.data;

  return inTransaction(target.database, 'write', async (session) => {
    const tables = await checkTarget(session, manifest);
    return restoreInto(session, { tables, manifest, entries, files: target.files });
  }).catch((error: unknown) => {
    if (error instanceof RestoreRefusedError) throw error;
    // A database error quotes the values it refused: said in one sentence, without them.
    const code = (error as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      throw new RestoreRefusedError(
        `The database refused the backup's rows (PostgreSQL error ${code}): nothing was kept.`,
      );
    }
    throw archiveFailure(error);
  });
}

async function restoreInto(
  session: SqlSession,
  {
    tables,
    manifest,
    entries,
    files,
  }: { tables: TableInfo[]; manifest: Manifest; entries: AsyncGenerator<TarEntry>; files: FileTarget },
): Promise<RestoreReport> {
  const expectedFiles = new Map(manifest.files.map((file) => [file.hash, file]));
  const byName = new Map(tables.map((table) => [table.name, table]));
  let fileCount = 0;
  let fileBytes = 0;
  const put = files.kind === 'disk' ? diskFileStore(files.root).put : undefined;

  for await (const entry of entries) {
    const kind = entryKind(entry.name);
    if (kind.kind === 'table') {
      const table = byName.get(kind.table);
      const columns = manifest.tables.find((t) => t.name === kind.table)?.columns;
      if (!table || !columns) throw new Error(`The backup holds rows of a table it does not list: ${kind.table}`);
      await insertRows(session, table.name, columns, entry.content);
    } else if (kind.kind === 'file') {
      const expected = expectedFiles.get(kind.hash);
      const actual = createHash('sha256').update(entry.content).digest('hex');
      if (!expected || actual !== kind.hash || entry.content.length !== expected.size) {
        throw new Error(`The backup's file ${entry.name} is damaged or not in its manifest`);
      }
      if (put) await put(kind.hash, entry.content);
      if (files.kind === 'database') {
        await session.query(
          `insert into ${FILES_TABLE} (hash, content, byte_size, created_at)
           values ($1, $2, $3, coalesce($4::timestamptz, now()))`,
          [kind.hash, entry.content, entry.content.length, expected.createdAt],
        );
      }
      fileCount += 1;
      fileBytes += entry.content.length;
    } else {
      throw new Error(`The backup holds an entry this version does not know: ${entry.name}`);
    }
  }

  for (const sequence of manifest.sequences) {
    const [exists] = await session.query<{ present: boolean }>('select to_regclass($1) is not null as present', [
      quoteIdent(sequence.name),
    ]);
    if (!exists?.present) continue;
    if (sequence.lastValue === null) {
      await session.query(`alter sequence ${quoteIdent(sequence.name)} restart`);
    } else {
      await session.query('select setval($1::regclass, $2::bigint, true)', [
        quoteIdent(sequence.name),
        sequence.lastValue,
      ]);
    }
  }

  const report: RestoreReport['tables'] = [];
  const differences: string[] = [];
  for (const backup of manifest.tables) {
    const restored = await readStats(session, byName.get(backup.name) as TableInfo);
    report.push({ name: backup.name, backup: { rows: backup.rows, sums: backup.sums }, restored });
    if (restored.rows !== backup.rows) differences.push(`${backup.name}: ${restored.rows} rows, backup ${backup.rows}`);
    for (const [column, sum] of Object.entries(backup.sums)) {
      if (restored.sums[column] !== sum) {
        differences.push(`${backup.name}.${column}: sum ${restored.sums[column]}, backup ${sum}`);
      }
    }
  }
  if (fileCount !== manifest.files.length) {
    differences.push(`files: ${fileCount} in the archive, ${manifest.files.length} in its manifest`);
  }
  if (differences.length > 0) {
    throw new RestoreRefusedError(
      `The restored data does not match the backup's manifest; nothing was kept:\n  ${differences.join('\n  ')}`,
    );
  }
  return { manifest, tables: report, files: { count: fileCount, bytes: fileBytes, target: files.kind } };
}

/** Tables a migration fills with defaults (the message templates, issue 26): empty enough to restore into. */
const FILLED_BY_MIGRATIONS = new Set(['message_templates']);

/** The target must have this backup's schema and no rows at all; answers its tables. */
async function checkTarget(session: SqlSession, manifest: Manifest): Promise<TableInfo[]> {
  const migrations = await readMigrations(session);
  if (manifest.migrations.lastHash && !migrations.includes(manifest.migrations.lastHash)) {
    throw new RestoreRefusedError(
      manifest.migrations.count > migrations.length
        ? `This backup was made by a newer version of the app (${manifest.migrations.count} migrations, this one has ${migrations.length}). Update the app, then restore.`
        : 'This backup was made by a version of the app whose migrations differ from this one: restore it with the version that made it.',
    );
  }
  const { tables, hasCycle } = await readCatalog(session);
  const byName = new Map(tables.map((table) => [table.name, table]));
  for (const table of manifest.tables) {
    const present = byName.get(table.name);
    const missing = table.columns.filter((column) => !present?.columns.includes(column));
    if (!present || missing.length > 0) {
      throw new RestoreRefusedError(
        `This backup does not fit this version's schema (${present ? `${table.name}.${missing.join(', ')}` : table.name} is missing).`,
      );
    }
  }

  const filled: string[] = [];
  for (const table of tables) {
    if (FILLED_BY_MIGRATIONS.has(table.name)) continue;
    const [row] = await session.query<{ rows: string }>(`select count(*)::text as rows from ${quoteIdent(table.name)}`);
    if (Number(row?.rows ?? 0) > 0) filled.push(`${table.name}: ${row?.rows}`);
  }
  if (filled.length > 0) {
    throw new RestoreRefusedError(
      `Refusing to restore: the target database is not empty (${filled.join(', ')} rows). A restore goes only into an empty database: a new DATA_DIR, or a new PostgreSQL database; do not start the server on it before restoring (its first start creates an admin).`,
    );
  }

  // What a migration put there is the product's default; the backup holds the rows to have instead.
  for (const table of tables) {
    if (FILLED_BY_MIGRATIONS.has(table.name)) await session.query(`delete from ${quoteIdent(table.name)}`);
  }

  // Rows go in parents first, with every check on. Only when triggers of our own would add rows on
  // INSERT, or foreign keys form a cycle, are triggers switched off for this transaction.
  const triggers = await readInsertTriggers(session);
  if (triggers.length > 0 || hasCycle) {
    try {
      await session.query('set local session_replication_role = replica');
    } catch {
      throw new RestoreRefusedError(
        `Restoring this schema needs triggers switched off (${triggers.join(', ') || 'a cycle of foreign keys'}), which needs a superuser: run the restore as one.`,
      );
    }
  }
  return tables;
}

async function insertRows(session: SqlSession, table: string, columns: string[], ndjson: Buffer): Promise<void> {
  const lines = ndjson.toString('utf8').split('\n').filter(Boolean);
  if (lines.length === 0) return;
  const list = columns.map(quoteIdent).join(', ');
  // The database parses its own JSON back: numbers, dates, bytea and times come back exactly, and the
  // columns the backup did not have take their defaults.
  await session.query(
    `insert into ${quoteIdent(table)} (${list}) overriding system value
     select ${list} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`,
    [`[${lines.join(',')}]`],
  );
}

function safeJson(content: Buffer): unknown {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
}
