import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto';
import { closeSync, createReadStream, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * Encrypted backups (docs/decisions/012-encrypted-backups.md): the gzip'd tar of 004 inside AES-256-GCM,
 * in chunks, so a backup of any size streams through in constant memory and every byte is authenticated.
 *
 *   header (72 bytes)   magic 'MOCKBKE1' · kdf (1 passphrase/scrypt, 2 key file/HKDF) · scrypt log2 N, r, p
 *                       · plaintext chunk size (uint32 BE) · salt (32 random bytes) · nonce prefix (8 random
 *                       bytes) · key check (16 bytes: HMAC-SHA256 of the header's first 56 bytes)
 *   chunk …             final flag (1 byte) · ciphertext length (uint32 BE) · ciphertext · GCM tag (16)
 *
 * The archive's key is derived afresh from the salt (scrypt for a passphrase, HKDF for a 32-byte key file),
 * so no two archives share a key. A chunk's nonce is the prefix and its index; its additional data is the
 * header and its final flag: chunks cannot be reordered, dropped, cut short or moved to another archive.
 * A wrong key fails the key check at once, before anything is read; a changed byte fails its chunk's tag.
 */
export const ENCRYPTED_MAGIC = Buffer.from('MOCKBKE1', 'ascii');
export const ENCRYPTED_EXTENSION = '.tar.gz.enc';
const HEADER_LENGTH = 72;
const CHECKED_LENGTH = 56;
const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const RECORD_HEAD = 5;
const KDF_PASSPHRASE = 1;
const KDF_KEY_FILE = 2;
/** scrypt's cost: N = 2^17, r = 8, p = 1 (128 MiB, about half a second: once per archive). */
const SCRYPT = { logN: 17, r: 8, p: 1 };
export const MIN_PASSPHRASE_LENGTH = 12;

/** What encrypts a backup: a passphrase (BACKUP_PASSPHRASE) or the 32 bytes of a key file (BACKUP_KEY_FILE). */
export type BackupKey = { kind: 'passphrase'; secret: Buffer } | { kind: 'keyFile'; secret: Buffer };

/** A problem with a backup's encryption or its key, said in one sentence (no stack). */
export class BackupEncryptionError extends Error {}

export const wrongKey = () =>
  new BackupEncryptionError(
    'Wrong backup key: this archive was encrypted with another key or passphrase (or its first bytes are damaged), so it cannot be read.',
  );
const damaged = (chunk: number) =>
  new BackupEncryptionError(
    `The encrypted backup has been altered or damaged (its authentication tag does not match at chunk ${chunk}): nothing was restored; use another copy.`,
  );
const cutShort = () =>
  new BackupEncryptionError(
    'The encrypted backup ends early: it is cut short; nothing was restored; use another copy.',
  );

type KeyEnv = { BACKUP_KEY_FILE?: string | undefined; BACKUP_PASSPHRASE?: string | undefined };

/**
 * The backup key the environment names, or undefined. The key file must lie outside DATA_DIR: a key kept
 * beside the data would travel with every copy of it.
 */
export function readBackupKey(
  env: KeyEnv,
  {
    dataDir,
    names = { file: 'BACKUP_KEY_FILE', passphrase: 'BACKUP_PASSPHRASE' },
  }: {
    dataDir: string;
    names?: { file: string; passphrase: string };
  },
): BackupKey | undefined {
  const { BACKUP_KEY_FILE: file, BACKUP_PASSPHRASE: passphrase } = env;
  if (file && passphrase) {
    throw new BackupEncryptionError(`Set only one of ${names.file} and ${names.passphrase}.`);
  }
  if (passphrase !== undefined) {
    if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
      throw new BackupEncryptionError(`${names.passphrase} must be at least ${MIN_PASSPHRASE_LENGTH} characters.`);
    }
    return { kind: 'passphrase', secret: Buffer.from(passphrase, 'utf8') };
  }
  if (file === undefined) return undefined;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    throw new BackupEncryptionError(`${names.file} names ${file}, which does not exist.`);
  }
  const data = path.resolve(dataDir);
  const dataReal = (() => {
    try {
      return realpathSync(data);
    } catch {
      return data;
    }
  })();
  if (real === dataReal || real.startsWith(`${dataReal}${path.sep}`)) {
    throw new BackupEncryptionError(
      `${names.file} must be kept outside DATA_DIR (${data}): a key beside the data travels with every copy of it.`,
    );
  }
  return { kind: 'keyFile', secret: keyFileBytes(readFileSync(real), names.file) };
}

/** A key file holds 32 bytes: raw, as 64 hex digits (`openssl rand -hex 32`) or in base64. */
function keyFileBytes(content: Buffer, name: string): Buffer {
  if (content.length === 32) return content;
  const text = content.toString('utf8').trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 32) return bytes;
  }
  throw new BackupEncryptionError(
    `${name} must hold a 32-byte key: 64 hex digits, as \`openssl rand -hex 32 > FILE\` writes.`,
  );
}

function scrypt(secret: Buffer, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, 64, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

type Keys = { encryption: Buffer; check: Buffer };

async function deriveKeys(key: BackupKey, header: Buffer): Promise<Keys> {
  const kdf = header[8];
  const salt = header.subarray(16, 48);
  let material: Buffer;
  if (kdf === KDF_PASSPHRASE) {
    if (key.kind !== 'passphrase') throw wrongKey();
    const params = { logN: header[9] ?? 0, r: header[10] ?? 0, p: header[11] ?? 0 };
    // Bounds a damaged or hostile header could otherwise use to ask for gigabytes.
    if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4) {
      throw wrongKey();
    }
    material = await scrypt(key.secret, salt, params);
  } else if (kdf === KDF_KEY_FILE) {
    if (key.kind !== 'keyFile') throw wrongKey();
    material = Buffer.from(hkdfSync('sha256', key.secret, salt, 'mock-board backup v1', 64));
  } else {
    throw wrongKey();
  }
  return { encryption: material.subarray(0, 32), check: material.subarray(32) };
}

const keyCheckOf = (keys: Keys, header: Buffer) =>
  createHmac('sha256', keys.check).update(header.subarray(0, CHECKED_LENGTH)).digest().subarray(0, 16);

const nonceOf = (header: Buffer, index: number) => {
  const nonce = Buffer.alloc(12);
  header.copy(nonce, 0, 48, 56);
  nonce.writeUInt32BE(index, 8);
  return nonce;
};

/** A new archive's header and keys. `scryptLogN` lowers the cost for tests only. */
async function newHeader(key: BackupKey, { scryptLogN }: { scryptLogN?: number } = {}) {
  const header = Buffer.alloc(HEADER_LENGTH);
  ENCRYPTED_MAGIC.copy(header, 0);
  const params = { ...SCRYPT, logN: scryptLogN ?? SCRYPT.logN };
  if (key.kind === 'passphrase') {
    header[8] = KDF_PASSPHRASE;
    header[9] = params.logN;
    header[10] = params.r;
    header[11] = params.p;
  } else {
    header[8] = KDF_KEY_FILE;
  }
  header.writeUInt32BE(CHUNK_BYTES, 12);
  randomBytes(32).copy(header, 16);
  randomBytes(8).copy(header, 48);
  const keys = await deriveKeys(key, header);
  keyCheckOf(keys, header).copy(header, CHECKED_LENGTH);
  return { header, keys };
}

function sealChunk(keys: Keys, header: Buffer, index: number, plain: Buffer, isFinal: boolean): Buffer {
  const flag = Buffer.from([isFinal ? 1 : 0]);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, nonceOf(header, index));
  cipher.setAAD(Buffer.concat([header, flag]));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(sealed.length, 0);
  return Buffer.concat([flag, length, sealed, cipher.getAuthTag()]);
}

/** A stream that takes an archive's bytes and gives them encrypted, header first. */
export function encryptingStream(key: BackupKey, options: { scryptLogN?: number } = {}): Transform {
  const ready = newHeader(key, options);
  let started = false;
  let index = 0;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  const begin = async (stream: Transform) => {
    const { header, keys } = await ready;
    if (!started) {
      started = true;
      stream.push(header);
    }
    return { header, keys };
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      begin(this)
        .then(({ header, keys }) => {
          pending.push(chunk);
          pendingLength += chunk.length;
          if (pendingLength < CHUNK_BYTES) return callback();
          let all = Buffer.concat(pending, pendingLength);
          while (all.length >= CHUNK_BYTES) {
            this.push(sealChunk(keys, header, index, all.subarray(0, CHUNK_BYTES), false));
            index += 1;
            all = all.subarray(CHUNK_BYTES);
          }
          pending = all.length > 0 ? [Buffer.from(all)] : [];
          pendingLength = all.length;
          callback();
        })
        .catch((error: Error) => callback(error));
    },
    flush(callback: TransformCallback) {
      begin(this)
        .then(({ header, keys }) => {
          this.push(sealChunk(keys, header, index, Buffer.concat(pending, pendingLength), true));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}

function decryptingStream(keys: Keys, header: Buffer): Transform {
  const chunkBytes = header.readUInt32BE(12);
  let index = 0;
  let isDone = false;
  // Bytes not yet decrypted, joined only once a whole record is there (records are up to 1 MiB).
  let parts: Buffer[] = [];
  let partsLength = 0;
  let needed = RECORD_HEAD;
  const joined = (): Buffer => {
    const all = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, partsLength);
    parts = [all];
    return all;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      parts.push(chunk);
      partsLength += chunk.length;
      try {
        while (partsLength > 0 && partsLength >= needed) {
          if (isDone) throw damaged(index);
          const all = joined();
          const flag = all[0];
          const length = all.readUInt32BE(1);
          if ((flag !== 0 && flag !== 1) || length > chunkBytes + TAG_BYTES) throw damaged(index);
          needed = RECORD_HEAD + length + TAG_BYTES;
          if (partsLength < needed) break;
          const decipher = createDecipheriv('aes-256-gcm', keys.encryption, nonceOf(header, index));
          decipher.setAAD(Buffer.concat([header, Buffer.from([flag])]));
          decipher.setAuthTag(all.subarray(RECORD_HEAD + length, needed));
          let plain: Buffer;
          try {
            plain = Buffer.concat([decipher.update(all.subarray(RECORD_HEAD, RECORD_HEAD + length)), decipher.final()]);
          } catch {
            throw damaged(index);
          }
          // Only authenticated bytes go on.
          if (plain.length > 0) this.push(plain);
          const rest = all.subarray(needed);
          parts = rest.length > 0 ? [rest] : [];
          partsLength = rest.length;
          needed = RECORD_HEAD;
          index += 1;
          if (flag === 1) isDone = true;
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      // Bytes after the final chunk were added; no final chunk means the file was cut.
      callback(isDone ? (partsLength === 0 ? null : damaged(index)) : cutShort());
    },
  });
}

/** The first bytes of a file: whether it is one of our encrypted archives. */
export function isEncryptedFile(file: string): boolean {
  const descriptor = openSync(file, 'r');
  try {
    const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
    const read = readSync(descriptor, head, 0, head.length, 0);
    return read === head.length && head.equals(ENCRYPTED_MAGIC);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A backup file's archive bytes: an encrypted one decrypted with `key` (checked at once: a wrong key is
 * refused before anything is read), a plain one as it is. An encrypted one without a key is refused.
 */
export async function openBackupFile(file: string, key: BackupKey | undefined): Promise<Readable> {
  if (!isEncryptedFile(file)) return createReadStream(file);
  if (!key) {
    throw new BackupEncryptionError(
      'This backup is encrypted: set BACKUP_KEY_FILE or BACKUP_PASSPHRASE to the key it was made with.',
    );
  }
  const header = Buffer.alloc(HEADER_LENGTH);
  const descriptor = openSync(file, 'r');
  try {
    if (readSync(descriptor, header, 0, HEADER_LENGTH, 0) < HEADER_LENGTH) throw cutShort();
  } finally {
    closeSync(descriptor);
  }
  const keys = await deriveKeys(key, header);
  if (!timingSafeEqual(keyCheckOf(keys, header), header.subarray(CHECKED_LENGTH))) throw wrongKey();
  const source = createReadStream(file, { start: HEADER_LENGTH });
  const plain = decryptingStream(keys, header);
  source.on('error', (error) => plain.destroy(error));
  return source.pipe(plain);
}
