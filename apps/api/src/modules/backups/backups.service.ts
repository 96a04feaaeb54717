import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { backupFileName, type Manifest } from '../../ops/archive';
import { writeBackup } from '../../ops/write-backup';
import type { Actor } from '../../plugins/auth';
import type { Deps } from '../../deps';

/**
 * The whole database and every uploaded file as one archive, from the running server. It is written to
 * a temporary file first: on the embedded database the snapshot holds the only connection, so it must
 * not wait on a slow download. The file is gone once `stream` has been read or closed.
 */
export async function createBackup(
  deps: Pick<Deps, 'database' | 'files' | 'log'>,
  { by }: { by: Actor },
): Promise<{ name: string; manifest: Manifest; stream: Readable }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'mock-board-backup-'));
  const file = path.join(folder, `${randomBytes(6).toString('hex')}.tar.gz`);
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const manifest = await writeBackup({ database: deps.database, filesRoot: deps.files.diskRoot }, createWriteStream(file));
    deps.log.info({ by: by.uuid, tables: manifest.tables.length, files: manifest.files.length }, 'backup taken');
    const stream = createReadStream(file);
    stream.once('close', remove);
    return { name: backupFileName(), manifest, stream };
  } catch (error) {
    remove();
    throw error;
  }
}
