import { createInflateRaw } from 'node:zlib';

/**
 * The few parts of a .xlsx (a zip file) a workbook reader needs, read from memory with every size
 * bounded: the central directory is parsed by hand (the upload is already in memory, at most a few MB),
 * and an entry is inflated as a stream whose inflated bytes are counted as they come, so a zip bomb is
 * stopped at the limit whatever sizes its headers claim. Zip64, encryption and methods other than
 * stored and deflate are refused: Excel, LibreOffice and Google Sheets write none of them for a sheet
 * of marks.
 */
export class ZipError extends Error {}

export type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function zipEntries(file: Buffer, maxEntries: number): Map<string, ZipEntry> {
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 0xffff); i -= 1) {
    if (file.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip file');
  const count = file.readUInt16LE(end + 10);
  const size = file.readUInt32LE(end + 12);
  const offset = file.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError('zip64 is not supported');
  if (count > maxEntries) throw new ZipError('too many entries');
  if (offset + size > end) throw new ZipError('central directory out of bounds');
  const entries = new Map<string, ZipEntry>();
  let at = offset;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > end || file.readUInt32LE(at) !== CENTRAL) throw new ZipError('broken central directory');
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressedSize = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localOffset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 1) throw new ZipError('encrypted entries are not supported');
    entries.set(name, { name, method, compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Counts inflated bytes across every entry a reader opens: one budget for the whole workbook. */
export class InflateBudget {
  used = 0;
  constructor(readonly limit: number) {}
}

/**
 * Hands the entry's inflated bytes to `onChunk` as they come (16 KB at a time, awaited between chunks so
 * other requests are served), stopping with a ZipError once the budget is spent.
 */
export async function inflateEntry(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  const at = entry.localOffset;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL) throw new ZipError('broken local header');
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  const data = file.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipError('entry out of bounds');
  const take = (chunk: Buffer) => {
    budget.used += chunk.length;
    if (budget.used > budget.limit) throw new ZipError('unpacked size over the limit');
    onChunk(chunk);
  };
  if (entry.method === 0) {
    take(data);
    return;
  }
  if (entry.method !== 8) throw new ZipError('unsupported compression method');
  const inflater = createInflateRaw();
  inflater.end(data);
  try {
    for await (const chunk of inflater) take(chunk as Buffer);
  } catch (error) {
    // zlib's own errors (Z_DATA_ERROR, Z_BUF_ERROR…) mean corrupt data; the reader's errors pass through.
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code.startsWith('Z_') || code === 'ERR_ZLIB_INITIALIZATION_FAILED')
      throw new ZipError('corrupt compressed data');
    throw error;
  } finally {
    inflater.destroy();
  }
}
