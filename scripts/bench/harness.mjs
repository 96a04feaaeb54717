// Shared pieces of `npm run bench`: start a server process, time it, measure it, load it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'bench@bench.test', password: 'bench-pass-123' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Starts a process and waits for its first 200 on `readyUrl`; answers the child and the cold start in ms. */
export async function startProcess({ args, env, readyUrl, timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status === 200) return { child, coldStartMs: performance.now() - started };
    } catch {}
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready after ${timeoutMs} ms: ${stderr}`);
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** Runs autocannon while sampling the server's resident memory; answers req/s, latency and peak RSS. */
export async function load({ url, headers = {}, pid, connections = 50, duration = 8, method = 'GET', body }) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, 100);
  // One second of warm-up first, so the figures are of compiled code, not of the JIT warming up.
  await autocannon({ url, connections, duration: 1, headers, method, body });
  const result = await autocannon({ url, connections, duration, headers, method, body });
  clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    peakRssMb: peak,
  };
}

export async function loginToken(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, role: 'admin' }),
  });
  if (response.status !== 200) throw new Error(`bench login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

export function freshDataDir() {
  return mkdtempSync(path.join(tmpdir(), 'bench-data-'));
}

/** A fresh PostgreSQL database for one run; answers its URL and a function that drops it. */
export async function freshPostgres(serverUrl) {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function table(rows) {
  const widths = Object.keys(rows[0]).map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  return [
    line(Object.keys(rows[0])),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((row) => line(Object.values(row))),
  ].join('\n');
}
