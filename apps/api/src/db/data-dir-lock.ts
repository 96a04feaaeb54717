import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * PGlite is PostgreSQL in one process, without postmaster's lock: a second process that opens the
 * same data dir gets no error, and both then write to it. Every process that opens an embedded
 * database takes this lock file beside its data dir first; the server also writes the URL it listens
 * on, so `npm run backup` can ask the running server instead of opening the files.
 */
export type DataDirHolder = { pid: number; since: string; url?: string };

export type DataDirLock = {
  /** The server tells where it answers, once it listens. */
  advertise(url: string): void;
  release(): void;
};

export class DataDirBusyError extends Error {
  readonly holder: DataDirHolder;
  constructor(dataDir: string, holder: DataDirHolder) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, since ${holder.since}${
        holder.url ? `, serving ${holder.url}` : ''
      }). Stop it first. If no such process runs (a container restarted, say), delete ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataDirBusyError';
    this.holder = holder;
  }
}

const lockFileOf = (dataDir: string) => `${dataDir.replace(/[/\\]+$/, '')}.lock`;

/** Lock files this process holds: a lock naming our own pid that is not among them was left by an
 * earlier process that had the same pid (a restarted container's first process, say). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): DataDirHolder | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, since, url } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof since !== 'string') return undefined;
    return { pid, since, ...(typeof url === 'string' ? { url } : {}) };
  } catch {
    return undefined;
  }
}

/** The live process holding the data dir, if any (a lock left by a crashed process does not count). */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  const file = lockFileOf(dataDir);
  const holder = readHolder(file);
  const stale = !holder || (holder.pid === process.pid ? !heldHere.has(file) : !isAlive(holder.pid));
  return stale ? undefined : holder;
}

/** Takes the data dir for this process, or throws DataDirBusyError naming the process that has it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  const mine: DataDirHolder = { pid: process.pid, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = readHolder(file);
      const ours = holder?.pid === process.pid && !heldHere.has(file);
      if (holder && !ours && isAlive(holder.pid)) throw new DataDirBusyError(dataDir, holder);
      // Left behind by a process that is gone.
      unlinkSync(file);
    }
  }
  heldHere.add(file);
  let held = true;
  return {
    advertise(url) {
      if (held) writeFileSync(file, JSON.stringify({ ...mine, url }), { mode: 0o600 });
    },
    release() {
      if (!held) return;
      held = false;
      heldHere.delete(file);
      if (readHolder(file)?.pid === process.pid) unlinkSync(file);
    },
  };
}
