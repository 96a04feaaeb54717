import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ConfigError, type DataEnv, readDataEnv } from '../config';
import { type Database, migrateDatabase, migratePostgres, openPglite, openPostgres } from '../db/client';
import { DataDirBusyError, dataDirHolder } from '../db/data-dir-lock';
import { backupFileName, formatCounts, MANIFEST_ENTRY, type Manifest, manifestSchema } from './archive';
import {
  BackupEncryptionError,
  type BackupKey,
  ENCRYPTED_EXTENSION,
  encryptingStream,
  isEncryptedFile,
  openBackupFile,
  readBackupKey,
} from './backup-crypto';
import { FILES_TABLE, readCatalog, readStats, type TableStats } from './catalog';
import {
  type FileTarget,
  RestoreRefusedError,
  type RestoreReport,
  restoreBackup,
  verifyArchive,
} from './restore-backup';
import { inTransaction } from './sql-session';
import { readTarGz } from './tar';
import { writeBackup } from './write-backup';

/** A problem the person running the command can fix; printed without a stack trace. */
export class CommandError extends Error {}

type Log = (line: string) => void;
type Run = { argv: string[]; env: NodeJS.ProcessEnv; log?: Log };

const pgliteDir = (env: DataEnv) => path.join(env.DATA_DIR, 'pglite');
const filesDir = (env: DataEnv) => path.join(env.DATA_DIR, 'files');

/** The file target the environment names: FILE_STORE=database, else DATA_DIR/files. */
const fileTargetOf = (env: DataEnv): FileTarget =>
  env.FILE_STORE === 'database' ? { kind: 'database' } : { kind: 'disk', root: filesDir(env) };

function openEmbedded(env: DataEnv, { create }: { create: boolean }): Database {
  if (!create && !existsSync(path.join(pgliteDir(env), 'PG_VERSION'))) {
    throw new CommandError(`There is no embedded database in ${path.resolve(env.DATA_DIR)} (DATA_DIR).`);
  }
  return openPglite({ dataDir: pgliteDir(env) });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const keyOf = (env: DataEnv) => readBackupKey(env, { dataDir: env.DATA_DIR });

/**
 * Where an archive is written: through the cipher into `file` when there is a key. `done` settles once
 * the last byte is on disk (or with the first error).
 */
function archiveSink(file: string, key: BackupKey | undefined): { out: Writable; done: Promise<void> } {
  const disk = createWriteStream(file, { mode: 0o600 });
  if (!key) {
    return { out: disk, done: new Promise((resolve, reject) => disk.once('close', resolve).once('error', reject)) };
  }
  const cipher = encryptingStream(key);
  return { out: cipher, done: pipeline(cipher, disk) };
}

/**
 * `npm run backup [-- --out FILE] [--plaintext]`. Encrypted with BACKUP_KEY_FILE or BACKUP_PASSPHRASE;
 * without either, refused unless --plaintext says so. PostgreSQL: read directly, in one snapshot.
 * Embedded, server stopped: the data dir is opened directly. Embedded, server running: PGlite is one
 * process, so the running server writes the archive (GET /api/admin/backup) with an admin's
 * ADMIN_EMAIL/ADMIN_PASSWORD, and it is encrypted here as it arrives.
 */
export async function runBackup({ argv, env: source, log = console.log }: Run): Promise<{ file: string }> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, plaintext: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  const env = readDataEnv(source);
  const key = values.plaintext ? undefined : keyOf(env);
  if (!key && !values.plaintext) {
    throw new CommandError(
      'Backups are encrypted: set BACKUP_KEY_FILE (a 32-byte key file kept outside DATA_DIR) or BACKUP_PASSPHRASE, or pass --plaintext to write an unencrypted archive.',
    );
  }
  const defaultName = key ? backupFileName().replace(/\.tar\.gz$/, ENCRYPTED_EXTENSION) : backupFileName();
  const file = path.resolve(values.out ?? path.join('backups', defaultName));
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const started = performance.now();
  try {
    if (env.DATABASE_URL) {
      const database = openPostgres(env.DATABASE_URL, { max: 1 });
      try {
        const sink = archiveSink(partial, key);
        await writeBackup({ database, filesRoot: env.FILE_STORE === 'disk' ? filesDir(env) : undefined }, sink.out);
        await sink.done;
      } finally {
        await database.close();
      }
    } else {
      const holder = dataDirHolder(pgliteDir(env));
      if (holder?.url) {
        log(`The server is running (pid ${holder.pid}): asking it for the backup at ${holder.url}.`);
        await downloadBackup(holder.url, env, archiveSink(partial, key));
      } else {
        const database = openEmbedded(env, { create: false });
        try {
          const sink = archiveSink(partial, key);
          await writeBackup({ database, filesRoot: filesDir(env) }, sink.out);
          await sink.done;
        } finally {
          await database.close();
        }
      }
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const manifest = await readManifest(file, key);
  log(
    `Backup written to ${file} (${megabytes(statSync(file).size)}, ${seconds(started)}, ${
      key
        ? `encrypted with ${key.kind === 'keyFile' ? 'BACKUP_KEY_FILE' : 'BACKUP_PASSPHRASE'}`
        : 'NOT encrypted (--plaintext)'
    }): ${manifest.tables.length} tables, ${manifest.files.length} files.`,
  );
  log(formatCounts(manifest.tables.map((table) => ({ table: table.name, columns: [{ label: 'backup', ...table }] }))));
  return { file };
}

async function downloadBackup(url: string, env: DataEnv, sink: { out: Writable; done: Promise<void> }): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    throw new CommandError(
      'The server is running, so it must write the backup itself, and it gives one only to an admin: set ADMIN_EMAIL and ADMIN_PASSWORD (an admin account) for this command, or stop the server.',
    );
  }
  const login = await fetch(new URL('/api/auth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: 'admin' }),
  });
  if (!login.ok) {
    throw new CommandError(`The server refused ADMIN_EMAIL/ADMIN_PASSWORD (${login.status}): ${await login.text()}`);
  }
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(new URL('/api/admin/backup', url), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) {
    throw new CommandError(`The server did not give the backup (${response.status}): ${await response.text()}`);
  }
  await Promise.all([pipeline(Readable.fromWeb(response.body as never), sink.out), sink.done]);
}

export async function readManifest(file: string, key?: BackupKey): Promise<Manifest> {
  for await (const entry of readTarGz(await openBackupFile(file, key))) {
    if (entry.name !== MANIFEST_ENTRY) break;
    return manifestSchema.parse(JSON.parse(entry.content.toString('utf8')));
  }
  throw new CommandError(`${file} is not a backup made by \`npm run backup\`.`);
}

/** `npm run restore FILE`: into the database and file store the environment names, which must be empty. */
export async function runRestore({ argv, env: source, log = console.log }: Run): Promise<RestoreReport> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new CommandError('Usage: npm run restore -- FILE');
  if (!existsSync(file)) throw new CommandError(`No such file: ${file}`);
  const env = readDataEnv(source);
  const started = performance.now();
  // An encrypted archive is read with the key (a wrong one is refused before anything else), a plain one as is.
  const key = isEncryptedFile(file) ? keyOf(env) : undefined;
  // The whole file is checked before any database is opened: a damaged copy is refused in seconds.
  await verifyArchive(await openBackupFile(file, key));
  const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { max: 1 }) : openEmbedded(env, { create: true });
  try {
    await migrateDatabase(database, env.DATABASE_URL);
    const report = await restoreBackup({ database, files: fileTargetOf(env) }, await openBackupFile(file, key));
    log(
      `Restored ${file} into ${env.DATABASE_URL ? 'PostgreSQL' : path.resolve(env.DATA_DIR)} in ${seconds(started)}: ${report.files.count} files (${megabytes(report.files.bytes)}) into ${
        report.files.target === 'database' ? 'the database (FILE_STORE=database)' : filesDir(env)
      }. Counts and money sums match the backup:`,
    );
    log(
      formatCounts(
        report.tables.map((table) => ({
          table: table.name,
          columns: [
            { label: 'backup', ...table.backup },
            { label: 'restored', ...table.restored },
          ],
        })),
      ),
    );
    return report;
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup:rekey -- IN --out OUT`: the same archive under the current key (BACKUP_KEY_FILE or
 * BACKUP_PASSPHRASE), read with the old one (BACKUP_OLD_KEY_FILE or BACKUP_OLD_PASSPHRASE; none for a
 * plaintext archive). The new file is read back in full with the new key before the command says done.
 */
export async function runRekey({ argv, env: source, log = console.log }: Run): Promise<{ file: string }> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { out: { type: 'string' } },
    allowPositionals: true,
  });
  const [input] = positionals;
  if (!input || positionals.length > 1 || !values.out) {
    throw new CommandError('Usage: npm run backup:rekey -- FILE --out NEW_FILE');
  }
  if (!existsSync(input)) throw new CommandError(`No such file: ${input}`);
  const env = readDataEnv(source);
  const newKey = keyOf(env);
  if (!newKey) throw new CommandError('Set BACKUP_KEY_FILE or BACKUP_PASSPHRASE to the new key.');
  const oldKey = isEncryptedFile(input)
    ? readBackupKey(
        { BACKUP_KEY_FILE: env.BACKUP_OLD_KEY_FILE, BACKUP_PASSPHRASE: env.BACKUP_OLD_PASSPHRASE },
        { dataDir: env.DATA_DIR, names: { file: 'BACKUP_OLD_KEY_FILE', passphrase: 'BACKUP_OLD_PASSPHRASE' } },
      )
    : undefined;
  if (isEncryptedFile(input) && !oldKey) {
    throw new CommandError('Set BACKUP_OLD_KEY_FILE or BACKUP_OLD_PASSPHRASE to the key the archive was made with.');
  }
  const file = path.resolve(values.out);
  if (file === path.resolve(input)) throw new CommandError('Write the re-encrypted archive to a new file (--out).');
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const sink = archiveSink(partial, newKey);
    await Promise.all([pipeline(await openBackupFile(input, oldKey), sink.out), sink.done]);
    const manifest = await verifyArchive(await openBackupFile(partial, newKey));
    renameSync(partial, file);
    log(
      `Re-encrypted ${input} into ${file} with the new key and read it back whole: ${manifest.tables.length} tables, ${manifest.files.length} files. Keep the old key until the old copies are gone.`,
    );
  } finally {
    rmSync(partial, { force: true });
  }
  return { file };
}

export type MoveReport = {
  tables: { name: string; embedded: TableStats; postgres: TableStats }[];
  files: { embedded: number; postgres: number | 'left on disk' };
};

/**
 * `npm run migrate-to-postgres -- --to postgres://… [--files database]`: a backup of the embedded
 * database (server stopped) restored into an empty PostgreSQL database, then both sides counted.
 */
export async function runMigrateToPostgres({ argv, env: source, log = console.log }: Run): Promise<MoveReport> {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, files: { type: 'string', default: 'disk' } },
    allowPositionals: false,
  });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    throw new CommandError(
      'Usage: npm run migrate-to-postgres -- --to postgres://user:pass@host:5432/db [--files database]',
    );
  }
  if (values.files !== 'disk' && values.files !== 'database') {
    throw new CommandError('--files is disk (leave the photos in DATA_DIR/files) or database (FILE_STORE=database)');
  }
  const env = readDataEnv(source);
  if (env.DATABASE_URL) throw new CommandError('Unset DATABASE_URL: the move reads the embedded database in DATA_DIR.');
  const started = performance.now();
  let embedded: Database;
  try {
    embedded = openEmbedded(env, { create: false });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      throw new CommandError(`${error.message} The move needs the embedded database to itself: stop the server.`);
    }
    throw error;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'mock-board-move-'));
  const postgres = openPostgres(values.to, { max: 2 });
  try {
    await migrateDatabase(embedded);
    const archive = path.join(folder, 'move.tar.gz');
    const embeddedFiles = env.FILE_STORE === 'disk' ? filesDir(env) : undefined;
    const manifest = await writeBackup({ database: embedded, filesRoot: embeddedFiles }, createWriteStream(archive));
    await migratePostgres(values.to);
    await restoreBackup(
      { database: postgres, files: values.files === 'database' ? { kind: 'database' } : { kind: 'none' } },
      createReadStream(archive),
    );

    const report: MoveReport = {
      tables: [],
      files: { embedded: manifest.files.length, postgres: values.files === 'database' ? 0 : 'left on disk' },
    };
    const embeddedStats = await statsOf(embedded);
    const postgresStats = await statsOf(postgres);
    for (const [name, stats] of embeddedStats) {
      if (name === FILES_TABLE) continue;
      report.tables.push({ name, embedded: stats, postgres: postgresStats.get(name) ?? { rows: 0, sums: {} } });
    }
    if (values.files === 'database') report.files.postgres = postgresStats.get(FILES_TABLE)?.rows ?? 0;

    log(`Moved ${path.resolve(env.DATA_DIR)} into PostgreSQL in ${seconds(started)}. Both sides counted:`);
    log(
      formatCounts(
        report.tables.map((table) => ({
          table: table.name,
          columns: [
            { label: 'embedded', ...table.embedded },
            { label: 'PostgreSQL', ...table.postgres },
          ],
        })),
      ),
    );
    const differs = report.tables
      .filter(
        (table) =>
          table.embedded.rows !== table.postgres.rows ||
          JSON.stringify(table.embedded.sums) !== JSON.stringify(table.postgres.sums),
      )
      .map((table) => table.name);
    if (values.files === 'database') {
      log(
        `Files: ${report.files.postgres} of ${report.files.embedded} uploaded files copied into the database (FILE_STORE=database).`,
      );
      if (report.files.postgres !== report.files.embedded) differs.push('files');
    } else {
      log(
        `Files: ${report.files.embedded} uploaded files left in ${path.resolve(filesDir(env))}: keep DATA_DIR pointing there (FILE_STORE=disk), or run again with --files database.`,
      );
    }
    if (differs.length > 0) {
      throw new CommandError(`The two sides differ (${differs.join(', ')}): do not switch to PostgreSQL yet.`);
    }
    const secret = path.join(env.DATA_DIR, 'jwt-secret');
    log('\nStart the server on PostgreSQL with:');
    log(
      `  DATABASE_URL='${values.to}' JWT_SECRET="${existsSync(secret) ? `$(cat ${path.resolve(secret)})` : '<at least 32 characters>'}" FILE_STORE=${values.files}${
        values.files === 'disk' ? ` DATA_DIR=${path.resolve(env.DATA_DIR)}` : ''
      } npm start`,
    );
    return report;
  } finally {
    await embedded.close();
    await postgres.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function statsOf(database: Database): Promise<Map<string, TableStats>> {
  return inTransaction(database, 'snapshot', async (session) => {
    const stats = new Map<string, TableStats>();
    for (const table of (await readCatalog(session)).tables) stats.set(table.name, await readStats(session, table));
    return stats;
  });
}

/**
 * The entry point of each command: a problem people can fix is its own sentence; anything else one line
 * too (its stack only with LOG_LEVEL=debug), never the rows it was working on.
 */
export function runCommand(command: (run: Run) => Promise<unknown>): void {
  command({ argv: process.argv.slice(2), env: process.env }).catch((error: unknown) => {
    const known =
      error instanceof CommandError ||
      error instanceof ConfigError ||
      error instanceof RestoreRefusedError ||
      error instanceof BackupEncryptionError ||
      error instanceof DataDirBusyError;
    if (known) console.error(error.message);
    else if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
    else
      console.error(
        `The command failed: ${error instanceof Error ? error.name : 'unknown error'}. Run it again with LOG_LEVEL=debug for details.`,
      );
    process.exit(1);
  });
}
