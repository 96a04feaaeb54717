import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';
import { everyRow, filesOn } from '../testing/database-contents';
import { withDatabase } from '../testing/postgres-url';
import { seedSmall } from '../testing/seed-small';
import { createTestApp, freshDatabase } from '../testing/test-app';
import { FILES_TABLE } from './catalog';
import { CommandError, runBackup, runMigrateToPostgres, runRestore } from './commands';
import { RestoreRefusedError, restoreBackup } from './restore-backup';
import { inTransaction } from './sql-session';
import { writeBackup } from './write-backup';

/**
 * The commands on an embedded data dir on disk, as the server keeps it: backup and restore between data
 * dirs; the move into a new PostgreSQL database (TEST_DATABASE_URL) and back out of it into PGlite.
 * Runs once, in the PGlite project.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const pgliteProject = process.env.TEST_DB_DRIVER !== 'postgres';

const work = mkdtempSync(path.join(tmpdir(), 'move-test-'));
const dataDir = path.join(work, 'data');
const createdDatabases: string[] = [];
let source: { rows: Record<string, string[]>; files: Map<string, Buffer> };

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function emptyPostgres(): Promise<string> {
  const name = `t_move_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  createdDatabases.push(name);
  return withDatabase(serverUrl as string, name);
}

async function withPostgres<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = openPostgres(url, { max: 2 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const withoutFiles = ({ [FILES_TABLE]: _files, ...rows }: Record<string, string[]>) => rows;

describe.runIf(pgliteProject)('the backup, restore and move commands', () => {
  beforeAll(async () => {
    // The embedded database as the server keeps it: DATA_DIR/pglite and DATA_DIR/files.
    const t = await createTestApp({ dataDir });
    try {
      await seedSmall(t, { students: 8, visits: 4 });
      source = { rows: await everyRow(t.app.deps.database), files: filesOn(path.join(dataDir, 'files')) };
    } finally {
      await t.close();
    }
  });

  afterAll(async () => {
    for (const name of createdDatabases) await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('npm run backup and npm run restore between data dirs, through the commands', async () => {
    const archive = path.join(work, 'commands.tar.gz');
    await runBackup({ argv: ['--out', archive, '--plaintext'], env: { DATA_DIR: dataDir }, log: () => {} });
    // A second data dir, made as the server makes it; empty but migrated.
    const restoredDir = path.join(work, 'restored');
    await (await freshDatabase({ dataDir: path.join(restoredDir, 'pglite') })).close();
    const lines: string[] = [];
    await runRestore({ argv: [archive], env: { DATA_DIR: restoredDir }, log: (line) => lines.push(line) });
    expect(lines[0]).toContain('Counts and money sums match the backup');

    const restored = openPglite({ dataDir: path.join(restoredDir, 'pglite') });
    try {
      expect(await everyRow(restored)).toEqual(source.rows);
    } finally {
      await restored.close();
    }
    expect(filesOn(path.join(restoredDir, 'files'))).toEqual(source.files);
    await expect(runRestore({ argv: [archive], env: { DATA_DIR: restoredDir }, log: () => {} })).rejects.toThrow(
      /not empty/,
    );
    await expect(runRestore({ argv: [], env: { DATA_DIR: restoredDir }, log: () => {} })).rejects.toThrow(CommandError);
  });
  describe.runIf(serverUrl)('npm run migrate-to-postgres', () => {
    it('copies every row and, with --files database, every photo; prints both sides counted', async () => {
      const url = await emptyPostgres();
      const lines: string[] = [];
      const report = await runMigrateToPostgres({
        argv: ['--to', url, '--files', 'database'],
        env: { DATA_DIR: dataDir },
        log: (line) => lines.push(line),
      });

      const payments = report.tables.find((table) => table.name === 'payments');
      expect(payments?.postgres).toEqual(payments?.embedded);
      expect(payments?.embedded.rows).toBeGreaterThan(8);
      expect(Number(payments?.embedded.sums.amount_paise)).toBeGreaterThan(0);
      expect(report.files).toEqual({ embedded: source.files.size, postgres: source.files.size });
      const printed = lines.join('\n');
      expect(printed).toMatch(/rows \(embedded\)\s+rows \(PostgreSQL\)/);
      expect(printed).toMatch(new RegExp(`payments\\s+${payments?.embedded.rows}\\s+${payments?.embedded.rows}`));
      expect(printed).toContain('FILE_STORE=database');

      await withPostgres(url, async (database) => {
        const rows = await everyRow(database);
        // Students, payments with their receipt numbers, counters, users: every row the same.
        expect(withoutFiles(rows)).toEqual(withoutFiles(source.rows));
        const stored = await inTransaction(database, 'snapshot', (session) =>
          session.query<{ hash: string; content: Uint8Array }>(`select hash, content from ${FILES_TABLE}`),
        );
        expect(
          new Map(stored.map((file) => [`${file.hash.slice(0, 2)}/${file.hash}.jpg`, Buffer.from(file.content)])),
        ).toEqual(source.files);
      });
    });

    it('leaves the photos on disk without --files database, and says so', async () => {
      const url = await emptyPostgres();
      const lines: string[] = [];
      const report = await runMigrateToPostgres({
        argv: ['--to', url],
        env: { DATA_DIR: dataDir },
        log: (line) => lines.push(line),
      });
      expect(report.files.postgres).toBe('left on disk');
      expect(lines.join('\n')).toContain(`uploaded files left in ${path.join(dataDir, 'files')}`);
      await withPostgres(url, async (database) =>
        expect(withoutFiles(await everyRow(database))).toEqual(withoutFiles(source.rows)),
      );
    });

    it('refuses a PostgreSQL database that already holds rows', async () => {
      const url = await emptyPostgres();
      await runMigrateToPostgres({ argv: ['--to', url], env: { DATA_DIR: dataDir }, log: () => {} });
      await expect(
        runMigrateToPostgres({ argv: ['--to', url], env: { DATA_DIR: dataDir }, log: () => {} }),
      ).rejects.toThrow(RestoreRefusedError);
    });

    it('refuses while another process holds the embedded database', async () => {
      const held = openPglite({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await expect(
          runMigrateToPostgres({ argv: ['--to', await emptyPostgres()], env: { DATA_DIR: dataDir }, log: () => {} }),
        ).rejects.toThrow(/in use by another process .*stop the server/);
      } finally {
        await held.close();
      }
    });

    it('a PostgreSQL backup restores into the embedded database, rows and files alike', async () => {
      const url = await emptyPostgres();
      await runMigrateToPostgres({
        argv: ['--to', url, '--files', 'database'],
        env: { DATA_DIR: dataDir },
        log: () => {},
      });
      const archive = path.join(work, 'from-postgres.tar.gz');
      await withPostgres(url, (database) => writeBackup({ database }, createWriteStream(archive)));

      const target = await freshDatabase();
      const files = mkdtempSync(path.join(work, 'files-'));
      try {
        await restoreBackup({ database: target, files: { kind: 'disk', root: files } }, createReadStream(archive));
        expect(withoutFiles(await everyRow(target))).toEqual(withoutFiles(source.rows));
        expect(filesOn(files)).toEqual(source.files);
      } finally {
        await target.close();
      }
    });
  });
});
