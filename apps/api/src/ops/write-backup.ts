import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '../db/client';
import { ARCHIVE_FORMAT, fileEntry, MANIFEST_ENTRY, type Manifest, tableChunkEntry } from './archive';
import { FILES_TABLE, quoteIdent, readCatalog, readMigrations, readSequences, readStats } from './catalog';
import { inTransaction, type SqlSession } from './sql-session';
import { type TarWriter, tarGzWriter } from './tar';

const ROWS_PER_CHUNK = 1000;
const BYTES_PER_CHUNK = 4 * 1024 * 1024;
const FILE_NAME = /^([0-9a-f]{64})\.jpg$/;

export type BackupSource = {
  database: Database;
  /** DATA_DIR/files when uploads are on disk; files in the database table are always taken. */
  filesRoot?: string | undefined;
};

/**
 * Writes the whole database and every uploaded file to `out` as one archive. The rows are read in one
 * REPEATABLE READ transaction, so they are consistent with each other while the app keeps writing.
 * Files on disk are listed after that snapshot began: a file is stored before any row names it and
 * never changes (its name is its hash), so every file a row of the snapshot names is there.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<Manifest> {
  const writer = tarGzWriter(out);
  try {
    const { manifest, diskFiles } = await inTransaction(source.database, 'snapshot', async (session) => {
      const migrations = await readMigrations(session);
      const { tables } = await readCatalog(session);
      const copied = tables.filter((table) => table.name !== FILES_TABLE);
      const stats = [];
      for (const table of copied) stats.push({ table, ...(await readStats(session, table)) });
      const hasFilesTable = tables.some((table) => table.name === FILES_TABLE);
      const storedFiles = hasFilesTable
        ? await session.query<{ hash: string; size: number; createdAt: string }>(
            `select hash, byte_size as size, created_at::text as "createdAt" from ${FILES_TABLE} order by hash`,
          )
        : [];
      const inTable = new Set(storedFiles.map((file) => file.hash));
      const diskFiles = source.filesRoot
        ? (await listDiskFiles(source.filesRoot)).filter((file) => !inTable.has(file.hash))
        : [];
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        source: { driver: source.database.driver },
        migrations: { count: migrations.length, lastHash: migrations.at(-1) ?? null },
        tables: stats.map(({ table, rows, sums }) => ({ name: table.name, columns: table.columns, rows, sums })),
        sequences: await readSequences(session),
        files: [
          ...storedFiles.map((file) => ({ hash: file.hash, size: Number(file.size), createdAt: file.createdAt })),
          ...diskFiles.map((file) => ({ ...file, createdAt: null })),
        ].sort((a, b) => a.hash.localeCompare(b.hash)),
      };
      await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      for (const { table } of stats) await copyTable(session, writer, table.name, table.primaryKey);
      if (hasFilesTable) await copyStoredFiles(session, writer);
      return { manifest, diskFiles };
    });
    // Outside the transaction: on PGlite the app waits for it, and reading photos needs no snapshot.
    // Only a source with a files folder lists files on disk.
    const filesRoot = source.filesRoot ?? '';
    for (const file of diskFiles) {
      const content = await readFile(path.join(filesRoot, file.hash.slice(0, 2), `${file.hash}.jpg`));
      await writer.add(fileEntry(checkedHash(file.hash, content)), content);
    }
    await writer.finish();
    return manifest;
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

async function copyTable(session: SqlSession, writer: TarWriter, table: string, primaryKey: string[]): Promise<void> {
  const order = primaryKey.length ? ` order by ${primaryKey.map(quoteIdent).join(', ')}` : '';
  await session.query(
    `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t${order}`,
  );
  let chunk = 0;
  let lines: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    chunk += 1;
    await writer.add(tableChunkEntry(table, chunk), Buffer.from(`${lines.join('\n')}\n`));
    lines = [];
    bytes = 0;
  };
  for (;;) {
    const rows = await session.query<{ row: string }>(`fetch ${ROWS_PER_CHUNK} from backup_rows`);
    for (const { row } of rows) {
      lines.push(row);
      bytes += row.length;
      if (lines.length >= ROWS_PER_CHUNK || bytes >= BYTES_PER_CHUNK) await flush();
    }
    if (rows.length < ROWS_PER_CHUNK) break;
  }
  await flush();
  await session.query('close backup_rows');
}

async function copyStoredFiles(session: SqlSession, writer: TarWriter): Promise<void> {
  await session.query(
    `declare backup_files no scroll cursor for select hash, content from ${FILES_TABLE} order by hash`,
  );
  for (;;) {
    const rows = await session.query<{ hash: string; content: Uint8Array }>('fetch 20 from backup_files');
    for (const { hash, content } of rows) {
      const bytes = Buffer.from(content);
      await writer.add(fileEntry(checkedHash(hash, bytes)), bytes);
    }
    if (rows.length < 20) break;
  }
  await session.query('close backup_files');
}

/** A stored file whose bytes no longer match its name is damaged: a backup must say so, not copy it. */
function checkedHash(hash: string, content: Buffer): string {
  const actual = createHash('sha256').update(content).digest('hex');
  if (actual !== hash) throw new Error(`The stored file ${hash}.jpg is damaged: its content hashes to ${actual}`);
  return hash;
}

/** Files of the disk store: DATA_DIR/files/<first two hex digits>/<sha256>.jpg. */
async function listDiskFiles(root: string): Promise<{ hash: string; size: number }[]> {
  const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: { hash: string; size: number }[] = [];
  for (const folder of folders.sort()) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of (await readdir(path.join(root, folder))).sort()) {
      const hash = FILE_NAME.exec(name)?.[1];
      if (hash?.startsWith(folder)) files.push({ hash, size: (await stat(path.join(root, folder, name))).size });
    }
  }
  return files;
}
