import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, dataDirHolder, lockDataDir } from './data-dir-lock';

const work = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => path.join(work, `pglite-${++dirs}`);

describe('the data dir lock', () => {
  it('lets one holder in, names it to the next, and lets go', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    lock.advertise('http://127.0.0.1:3000');
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:3000' });
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(pid \d+.*serving http:\/\/127\.0\.0\.1:3000\)/);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone, since: '2026-01-01T00:00:00Z' }));
    expect(dataDirHolder(dir)).toBeUndefined();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, since: '2026-01-01T00:00:00Z' }));
    expect(dataDirHolder(dir)).toBeUndefined();
    lockDataDir(dir).release();
  });
});
