import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';

/**
 * Where uploaded files live, named by the SHA-256 of their bytes: the same photo uploaded twice is
 * stored once, and a name cannot be guessed. Files under DATA_DIR by default; a database table when
 * several instances share one PostgreSQL (FILE_STORE=database).
 */
export type FileStore = {
  put(hash: string, content: Uint8Array): Promise<void>;
  get(hash: string): Promise<Buffer | undefined>;
  has(hash: string): Promise<boolean>;
  /** Removes a file (an erasure or a retention rule); a missing one is no error. */
  delete(hash: string): Promise<void>;
  /** The folder of the disk store (backups read it); none for the database store. */
  readonly diskRoot?: string;
};

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function diskFileStore(root: string): FileStore {
  // Two levels of folders keep any one folder small at 100,000 files.
  const fileOf = (hash: string) => path.join(root, hash.slice(0, 2), `${hash}.jpg`);
  return {
    diskRoot: root,
    async put(hash, content) {
      const file = fileOf(hash);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, content);
      await rename(temporary, file);
    },
    async get(hash) {
      return readFile(fileOf(hash)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async delete(hash) {
      await unlink(fileOf(hash)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async has(hash) {
      return stat(fileOf(hash)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
    },
  };
}

export function databaseFileStore(db: Db): FileStore {
  return {
    async put(hash, content) {
      await db.insert(storedFiles).values({ hash, content, byteSize: content.byteLength }).onConflictDoNothing();
    },
    async get(hash) {
      const [row] = await db
        .select({ content: storedFiles.content })
        .from(storedFiles)
        .where(eq(storedFiles.hash, hash));
      return row ? Buffer.from(row.content) : undefined;
    },
    async delete(hash) {
      await db.delete(storedFiles).where(eq(storedFiles.hash, hash));
    },
    async has(hash) {
      const [row] = await db.select({ hash: storedFiles.hash }).from(storedFiles).where(eq(storedFiles.hash, hash));
      return Boolean(row);
    },
  };
}
