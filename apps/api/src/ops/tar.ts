import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The few parts of the POSIX tar format (ustar) a backup needs: regular files, names under 100
 * characters, gzip around it all. `tar tzf backup.tar.gz` lists a backup and `tar xzf` unpacks it, so
 * a person can look inside one with nothing but the system's tools.
 */
const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK, 0);
  nameBytes.copy(block, 0);
  const octal = (value: number, width: number, offset: number) =>
    block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, offset, width, 'ascii');
  octal(0o644, 8, 100);
  octal(0, 8, 108);
  octal(0, 8, 116);
  octal(size, 12, 124);
  octal(Math.floor(mtime.getTime() / 1000), 12, 136);
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export type TarWriter = {
  add(name: string, content: Buffer, mtime?: Date): Promise<void>;
  /** Writes the end-of-archive blocks and waits until everything reached `out`. */
  finish(): Promise<void>;
};

export function tarGzWriter(out: Writable): TarWriter {
  // Level 6 is zlib's default; photos are JPEG already, so gzip pays off on the table rows.
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  return {
    async add(name, content, mtime = new Date()) {
      await write(header(name, content.length, mtime));
      await write(content);
      const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
      if (padding > 0) await write(Buffer.alloc(padding, 0));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2, 0));
      gzip.end();
      await finished;
    },
  };
}

export type TarEntry = { name: string; content: Buffer };

export class ArchiveEndedEarly extends Error {
  constructor() {
    super('The backup archive ends early: it is cut short or damaged');
  }
}

export class ArchiveHeaderDamaged extends Error {
  constructor() {
    super('Not a backup archive: a damaged tar header');
  }
}

/** The entries of a gzip'd tar, one at a time (each entry is held in memory whole: they are small). */
export async function* readTarGz(input: Readable): AsyncGenerator<TarEntry> {
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let need: { name: string; size: number } | undefined;

  const take = (length: number): Buffer => {
    const all = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingLength);
    const taken = all.subarray(0, length);
    const rest = all.subarray(length);
    pending = rest.length > 0 ? [rest] : [];
    pendingLength = rest.length;
    return taken;
  };

  let ended = false;
  for await (const chunk of gunzip) {
    // After the end-of-archive block the rest is read only so that gzip checks its checksum at the end:
    // stopping at the block left a damaged checksum unseen whenever it came in a later chunk.
    if (ended) continue;
    pending.push(chunk as Buffer);
    pendingLength += (chunk as Buffer).length;
    for (;;) {
      if (!need) {
        if (pendingLength < BLOCK) break;
        const block = take(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
        const prefix = block.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
        const size = Number.parseInt(block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
        if (!Number.isFinite(size)) throw new ArchiveHeaderDamaged();
        need = { name: prefix ? `${prefix}/${name}` : name, size };
      }
      const padded = Math.ceil(need.size / BLOCK) * BLOCK;
      if (pendingLength < padded) break;
      const content = Buffer.from(take(padded).subarray(0, need.size));
      const { name } = need;
      need = undefined;
      yield { name, content };
    }
  }
  if (!ended) throw new ArchiveEndedEarly();
}
