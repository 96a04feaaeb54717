import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { everyRow, filesOn } from '../testing/database-contents';
import { withDatabase } from '../testing/postgres-url';
import { seedSmall } from '../testing/seed-small';
import { createTestApp, freshDatabase } from '../testing/test-app';
import {
  BackupEncryptionError,
  type BackupKey,
  ENCRYPTED_MAGIC,
  encryptingStream,
  openBackupFile,
  readBackupKey,
} from './backup-crypto';
import { CommandError, runBackup, runRekey, runRestore } from './commands';

/**
 * Encrypted backups (issue 27): the archive under AES-256-GCM in chunks, the key from BACKUP_KEY_FILE or
 * BACKUP_PASSPHRASE. Runs once, in the PGlite project (the commands are the same for both databases).
 */
const pgliteProject = process.env.TEST_DB_DRIVER !== 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL;
const createdDatabases: string[] = [];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
const work = mkdtempSync(path.join(tmpdir(), 'backup-crypto-test-'));
const dataDir = path.join(work, 'data');
const keys = path.join(work, 'keys');
const keyFile = path.join(keys, 'backup.key');
const otherKeyFile = path.join(keys, 'other.key');
const passphrase = 'correct horse battery staple';
let source: { rows: Record<string, string[]>; files: Map<string, Buffer> };
let restores = 0;
const quiet = () => {};

/** A new, empty, migrated data dir, as the server makes one. */
async function emptyDataDir(): Promise<string> {
  restores += 1;
  const dir = path.join(work, `restored-${restores}`);
  await (await freshDatabase({ dataDir: path.join(dir, 'pglite') })).close();
  return dir;
}

async function rowsIn(dir: string) {
  const database = openPglite({ dataDir: path.join(dir, 'pglite') });
  try {
    return await everyRow(database);
  } finally {
    await database.close();
  }
}

const backup = async (name: string, env: Record<string, string>, flags: string[] = []) => {
  const file = path.join(work, name);
  await runBackup({ argv: ['--out', file, ...flags], env: { DATA_DIR: dataDir, ...env }, log: quiet });
  return file;
};

/** The archive's bytes through the cipher and back. */
async function roundTrip(plain: Buffer, key: BackupKey, options = { scryptLogN: 10 }): Promise<Buffer> {
  const file = path.join(work, `round-${randomBytes(4).toString('hex')}`);
  await pipeline(
    Readable.from([plain.subarray(0, 1000), plain.subarray(1000)]),
    encryptingStream(key, options),
    createWriteStream(file),
  );
  return buffer(await openBackupFile(file, key));
}

// Restores take seconds each on a busy machine: a minute or two per test is allowed.
describe.runIf(pgliteProject)('encrypted backups', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    mkdirSync(keys, { recursive: true });
    writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    writeFileSync(otherKeyFile, randomBytes(32), { mode: 0o600 });
    const t = await createTestApp({ dataDir });
    try {
      await seedSmall(t, { students: 6, visits: 3 });
      source = { rows: await everyRow(t.app.deps.database), files: filesOn(path.join(dataDir, 'files')) };
    } finally {
      await t.close();
    }
  });
  afterAll(async () => {
    for (const name of createdDatabases) await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('gives back the very bytes it was given, across chunk boundaries, with a key file and a passphrase', async () => {
    for (const size of [0, 1, 1024 * 1024 - 1, 1024 * 1024, 2 * 1024 * 1024 + 17]) {
      const plain = randomBytes(size);
      const key: BackupKey = { kind: 'keyFile', secret: randomBytes(32) };
      expect((await roundTrip(plain, key)).equals(plain), `${size} bytes`).toBe(true);
    }
    const plain = randomBytes(300_000);
    const key: BackupKey = { kind: 'passphrase', secret: Buffer.from(passphrase) };
    expect((await roundTrip(plain, key)).equals(plain)).toBe(true);
  });

  it('writes an encrypted archive with BACKUP_KEY_FILE that restores every row and photo, only with that key', async () => {
    const file = await backup('keyfile.tar.gz.enc', { BACKUP_KEY_FILE: keyFile });
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    // Nothing of the archive shows through: no gzip, no manifest, no student's name.
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    expect(bytes.subarray(ENCRYPTED_MAGIC.length).includes(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);

    const target = await emptyDataDir();
    const lines: string[] = [];
    await runRestore({ argv: [file], env: { DATA_DIR: target, BACKUP_KEY_FILE: keyFile }, log: (l) => lines.push(l) });
    expect(lines[0]).toContain('Counts and money sums match the backup');
    expect(await rowsIn(target)).toEqual(source.rows);
    expect(filesOn(path.join(target, 'files'))).toEqual(source.files);
  });

  it('refuses a wrong key or none with one sentence, at once, and restores nothing', async () => {
    const file = await backup('passphrase.tar.gz.enc', { BACKUP_PASSPHRASE: passphrase });
    const target = await emptyDataDir();
    const empty = await rowsIn(target);
    for (const env of [
      { BACKUP_PASSPHRASE: 'not the passphrase at all' },
      { BACKUP_KEY_FILE: otherKeyFile },
      { BACKUP_KEY_FILE: keyFile },
    ]) {
      const refused = runRestore({ argv: [file], env: { DATA_DIR: target, ...env }, log: quiet });
      await expect(refused).rejects.toThrow(BackupEncryptionError);
      await expect(refused).rejects.toThrow(/^Wrong backup key: [^\n]+\.$/);
    }
    // Decided on the header alone, before a byte of the archive is read: its header over junk says the same.
    const junk = path.join(work, 'header-over-junk.enc');
    writeFileSync(junk, Buffer.concat([readFileSync(file).subarray(0, 72), randomBytes(4096)]));
    await expect(
      openBackupFile(junk, { kind: 'passphrase', secret: Buffer.from('not the passphrase') }),
    ).rejects.toThrow(/^Wrong backup key/);
    await expect(runRestore({ argv: [file], env: { DATA_DIR: target }, log: quiet })).rejects.toThrow(
      'This backup is encrypted: set BACKUP_KEY_FILE or BACKUP_PASSPHRASE to the key it was made with.',
    );
    expect(await rowsIn(target)).toEqual(empty);
    // With the right one it restores.
    await runRestore({ argv: [file], env: { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase }, log: quiet });
    expect(await rowsIn(target)).toEqual(source.rows);
  });

  it('refuses an archive with one byte changed, cut short or lengthened, before touching the database', async () => {
    const file = await backup('tampered.tar.gz.enc', { BACKUP_KEY_FILE: keyFile });
    const bytes = readFileSync(file);
    const env = { BACKUP_KEY_FILE: keyFile };
    const variants: [string, Buffer, RegExp][] = [];
    for (const at of [80, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const flipped = Buffer.from(bytes);
      flipped[at] = (flipped[at] as number) ^ 0x01;
      variants.push([`byte ${at} flipped`, flipped, /altered or damaged/]);
    }
    const header = Buffer.from(bytes);
    header[20] = (header[20] as number) ^ 0x80; // the salt: the key no longer matches the check
    variants.push(['salt flipped', header, /Wrong backup key/]);
    variants.push(['cut short', bytes.subarray(0, bytes.length - 40), /ends early|altered or damaged/]);
    variants.push(['cut at a chunk end', bytes.subarray(0, 72), /ends early/]);
    variants.push(['bytes added', Buffer.concat([bytes, Buffer.from('extra')]), /altered or damaged/]);
    const target = await emptyDataDir();
    const empty = await rowsIn(target);
    for (const [label, content, message] of variants) {
      const copy = path.join(work, 'tampered-copy.enc');
      writeFileSync(copy, content);
      const refused = runRestore({ argv: [copy], env: { DATA_DIR: target, ...env }, log: quiet });
      await expect(refused, label).rejects.toThrow(BackupEncryptionError);
      await expect(refused, label).rejects.toThrow(message);
    }
    expect(await rowsIn(target)).toEqual(empty);
  });

  it('refuses to write a plaintext backup unless --plaintext says so; restore reads that one without a key', async () => {
    const refused = backup('refused.tar.gz', {});
    await expect(refused).rejects.toThrow(CommandError);
    await expect(refused).rejects.toThrow(
      'Backups are encrypted: set BACKUP_KEY_FILE (a 32-byte key file kept outside DATA_DIR) or BACKUP_PASSPHRASE, or pass --plaintext to write an unencrypted archive.',
    );
    const file = await backup('plain.tar.gz', {}, ['--plaintext']);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const target = await emptyDataDir();
    await runRestore({ argv: [file], env: { DATA_DIR: target }, log: quiet });
    expect(await rowsIn(target)).toEqual(source.rows);
  });

  it('reads the key only from outside DATA_DIR, of the right size, and one kind at a time', () => {
    const inside = path.join(dataDir, 'backup.key');
    writeFileSync(inside, randomBytes(32).toString('hex'));
    expect(() => readBackupKey({ BACKUP_KEY_FILE: inside }, { dataDir })).toThrow(/outside DATA_DIR/);
    const short = path.join(keys, 'short.key');
    writeFileSync(short, 'abc123');
    expect(() => readBackupKey({ BACKUP_KEY_FILE: short }, { dataDir })).toThrow(/32-byte key/);
    expect(() => readBackupKey({ BACKUP_KEY_FILE: path.join(keys, 'missing') }, { dataDir })).toThrow(/does not exist/);
    expect(() => readBackupKey({ BACKUP_PASSPHRASE: 'short' }, { dataDir })).toThrow(/at least 12 characters/);
    expect(() => readBackupKey({ BACKUP_PASSPHRASE: passphrase, BACKUP_KEY_FILE: keyFile }, { dataDir })).toThrow(
      /only one/,
    );
    expect(readBackupKey({ BACKUP_KEY_FILE: keyFile }, { dataDir })?.secret).toHaveLength(32);
    expect(readBackupKey({}, { dataDir })).toBeUndefined();
  });

  it('re-encrypts an archive under a new key (rotation): the new key reads it, the old one no longer does', async () => {
    const old = await backup('old.tar.gz.enc', { BACKUP_PASSPHRASE: passphrase });
    const rotated = path.join(work, 'rotated.tar.gz.enc');
    const env = { DATA_DIR: dataDir, BACKUP_OLD_PASSPHRASE: passphrase, BACKUP_KEY_FILE: otherKeyFile };
    await runRekey({ argv: [old, '--out', rotated], env, log: quiet });
    const target = await emptyDataDir();
    await expect(
      runRestore({ argv: [rotated], env: { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase }, log: quiet }),
    ).rejects.toThrow(/Wrong backup key/);
    await runRestore({ argv: [rotated], env: { DATA_DIR: target, BACKUP_KEY_FILE: otherKeyFile }, log: quiet });
    expect(await rowsIn(target)).toEqual(source.rows);
    // Without the old key, or with a wrong one, nothing is written.
    const again = path.join(work, 'again.tar.gz.enc');
    await expect(
      runRekey({ argv: [old, '--out', again], env: { DATA_DIR: dataDir, BACKUP_KEY_FILE: keyFile }, log: quiet }),
    ).rejects.toThrow(/BACKUP_OLD_KEY_FILE or BACKUP_OLD_PASSPHRASE/);
    await expect(
      runRekey({
        argv: [old, '--out', again],
        env: { DATA_DIR: dataDir, BACKUP_KEY_FILE: keyFile, BACKUP_OLD_KEY_FILE: otherKeyFile },
        log: quiet,
      }),
    ).rejects.toThrow(/Wrong backup key/);
    expect(() => readFileSync(again)).toThrow();
  });

  it.runIf(serverUrl)(
    'encrypts a PostgreSQL backup too, which restores into the embedded database with the key',
    async () => {
      const name = `t_crypto_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      createdDatabases.push(name);
      const url = withDatabase(serverUrl as string, name);
      const postgresDir = path.join(work, 'postgres-files');
      const plain = await backup('to-postgres.tar.gz', {}, ['--plaintext']);
      await runRestore({ argv: [plain], env: { DATA_DIR: postgresDir, DATABASE_URL: url }, log: quiet });
      const file = path.join(work, 'from-postgres.tar.gz.enc');
      await runBackup({
        argv: ['--out', file],
        env: { DATA_DIR: postgresDir, DATABASE_URL: url, BACKUP_KEY_FILE: keyFile },
        log: quiet,
      });
      expect(readFileSync(file).subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
      const target = await emptyDataDir();
      await expect(
        runRestore({ argv: [file], env: { DATA_DIR: target, BACKUP_KEY_FILE: otherKeyFile }, log: quiet }),
      ).rejects.toThrow(/Wrong backup key/);
      await runRestore({ argv: [file], env: { DATA_DIR: target, BACKUP_KEY_FILE: keyFile }, log: quiet });
      expect(await rowsIn(target)).toEqual(source.rows);
      expect(filesOn(path.join(target, 'files'))).toEqual(source.files);
    },
  );
});
