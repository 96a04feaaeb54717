// Shared pieces of `npm run bench`: start a server process, time it, measure it, load it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { quantile } from '../soak/stats.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'bench@bench.test', password: 'bench-pass-123' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The allocator settings `npm start` runs the server with (read from package.json), so that every bench
 * measures the server as it is started: glibc then gives memory freed after a photo back to the system.
 */
export const START_ENV = Object.fromEntries(
  [
    ...JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.matchAll(
      /\b(MALLOC_\w+)=(\S+)/g,
    ),
  ].map((match) => [match[1], match[2]]),
);

/** The server's RSS once it stops moving (PGlite gives memory back for a few seconds after start). */
export async function settledRss(pid) {
  let last = rssMb(pid);
  for (let waited = 0; waited < 30_000; waited += 2_000) {
    await sleep(2_000);
    const now = rssMb(pid);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Starts a process and waits for its first 200 on `readyUrl`; answers the child and the cold start in ms. */
export async function startProcess({ args, env, readyUrl, timeoutMs = 60_000 }) {
  // A server already answering there (another bench on this machine) would be measured instead of ours.
  const taken = await fetch(readyUrl).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${new URL(readyUrl).host} already answers: another server holds the port`);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...START_ENV, ...env },
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

/**
 * Starts the built server (apps/api/dist/server.js) on `port`, quiet, with the bench admin; `env` adds to
 * or replaces that environment. Answers as `startProcess` does, once /api/health answers 200.
 */
export function startProduct(port, env = {}) {
  return startProcess({
    args: ['apps/api/dist/server.js'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/api/health`,
  });
}

/**
 * Starts the product on `port` (as `startProduct`), hands `run` its address and process id, and stops it
 * afterwards whatever happened; answers what `run` answers.
 */
export async function withProduct({ port, env }, run) {
  const server = await startProduct(port, env);
  try {
    return await run({ base: `http://127.0.0.1:${port}`, pid: server.child.pid });
  } finally {
    await stopProcess(server.child);
  }
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** Samples the process's RSS every `everyMs` from now on; `stop()` ends it and answers the peak in MB. */
export function rssSampler(pid, everyMs) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * POSTs the multipart bodies all at once, each answer read to the end, while sampling the RSS of the
 * server `pid` every 20 ms; answers a tally ('3×201 1×400'), the ms and the peak RSS in MB.
 */
export async function postAtOnce({ url, token, bodies, pid }) {
  const sampler = rssSampler(pid, 20);
  const started = performance.now();
  const statuses = await Promise.all(
    bodies.map(async (body) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        body: body.body,
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const ms = performance.now() - started;
  const peak = sampler.stop();
  const counts = new Map();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return { tally: [...counts].map(([status, n]) => `${n}×${status}`).join(' '), ms, peak };
}

/**
 * Runs autocannon while sampling the server's resident memory; answers req/s, latency and peak RSS.
 * `amount`: a fixed number of requests instead of `duration` seconds (a fifth of it first as warm-up),
 * so a list of paths can be walked without coming round to its start.
 */
export async function load({
  url,
  headers = {},
  pid,
  connections = 50,
  duration = 8,
  amount,
  method = 'GET',
  body,
  paths,
}) {
  const sampler = rssSampler(pid, 100);
  // One second of warm-up first, so the figures are of compiled code, not of the JIT warming up.
  // `paths`: each request takes the next one (many students instead of one), round the list.
  let next = 0;
  const options = { url, connections, headers, method, body };
  if (paths) options.requests = [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
  await autocannon({ ...options, ...(amount ? { amount: Math.round(amount / 5) } : { duration: 1 }) });
  // autocannon notices that a fixed amount is done at its next sample: every 50 ms, not every second.
  const run = autocannon({ ...options, ...(amount ? { amount, sampleInt: 50 } : { duration }) });
  // autocannon's histogram keeps whole milliseconds: a 2.9 ms p99 would read 2. Each response's own time
  // is exact, so the percentiles are taken from those, to a tenth of a millisecond.
  const times = [];
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  const peak = sampler.stop();
  times.sort((a, b) => a - b);
  const percentile = (share) => Math.round(quantile(times, share) * 10) / 10;
  return {
    // A fixed amount may end a moment into a sample: the per-second average would count that second
    // whole (12,000 requests done in 1.02 s would read 6,000 req/s), so it is requests over time.
    rps: amount ? result.requests.total / result.duration : result.requests.average,
    p50: percentile(0.5),
    p99: percentile(0.99),
    non2xx: result.non2xx + result.errors,
    peakRssMb: peak,
  };
}

/** A `load` result as table cells: req/s, p50 and p99. */
export const loadCells = (result) => ({ 'req/s': Math.round(result.rps), 'p50 ms': result.p50, 'p99 ms': result.p99 });

export async function loginToken(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, role: 'admin' }),
  });
  if (response.status !== 200) throw new Error(`bench login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Creates a counsellor through the API as the admin; answers its uuid and a function that signs it in. */
export async function createCounsellor(base, adminToken, tag) {
  const email = `bench-${tag}-${Date.now()}@bench.test`;
  const password = 'bench-pass-1';
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${tag}`,
      email,
      role: 'counsellor',
      contactNum: '9000000000',
      branch: 'Bench',
      commission: 10,
      dob: '1990-01-01',
      password,
    }),
  });
  if (response.status !== 201) throw new Error(`bench counsellor: ${response.status} ${await response.text()}`);
  const { uuid } = (await response.json()).data;
  const login = async () => {
    const signedIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, role: 'counsellor' }),
    });
    if (signedIn.status !== 200) throw new Error(`bench counsellor login: ${signedIn.status}`);
    return (await signedIn.json()).token;
  };
  return { uuid, login };
}

/** A 3 MB photo as a phone takes it: 4000 × 3000, fine detail. */
export async function phoneJpeg() {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 7) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 48 })
    .toBuffer();
}

/** A multipart/form-data body with the file (a photo unless told) in the field `file`, as a browser sends it. */
export function multipart(content, { filename = 'phone.jpg', type = 'image/jpeg' } = {}) {
  const boundary = '----bench7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The bench's students, straight in SQL (a seeding step, not the product's path), and the one place that
 * writes them: a new NOT NULL column or check on `students` is met here once for every part. `count`
 * students, g = 1 … count; `columns` gives an SQL expression (over g, and over what `join` adds to the
 * FROM) for any column, and must give student_id, exam_year and created_by. The rest as
 * apps/api/src/testing/students.ts writes a student: the fee is the total (no concession, migration 0022),
 * remaining = total − paid with a due date while something remains; and the parent's consent given, as its
 * markConsentGiven records it (a student is held from registration since migration 0025, and a held
 * student neither signs in to the portal nor gets messages: packages/domain privacy.rules).
 */
export function studentsSql({ count, columns, join = '' }) {
  for (const required of ['student_id', 'exam_year', 'created_by']) {
    if (!columns[required]) throw new Error(`studentsSql: no ${required}`);
  }
  const total = columns.total_paise ?? '585000';
  const paid = columns.paid_paise ?? total;
  const values = {
    student_id: columns.student_id,
    student_name: `'Bench Student ' || g`,
    gender: `'Female'`,
    dob: `date '2010-01-01'`,
    mother_name: `'Mother'`,
    address: `'Address'`,
    pincode: `'411005'`,
    email: `'e@example.com'`,
    student_no: '(9000000000 + g)::text',
    parents_no: `'8000000000'`,
    app_no: '(9000000000 + g)::text',
    notification_no: `'8000000000'`,
    standard: `'10th'`,
    previous_year: `'9th'`,
    school_college: `'School'`,
    pre_year_percent_bp: '8000',
    branch: `'English'`,
    exam_centre_id: '1',
    student_photo: `repeat('a', 64)`,
    payment_standard: `'10th'`,
    fee_paise: total,
    total_paise: total,
    paid_paise: paid,
    remaining_paise: `(${total}) - (${paid})`,
    due_date: `case when (${total}) = (${paid}) then null else date '2099-01-01' end`,
    counsellor: `'Bench Counsellor'`,
    counsellor_branch: `'Bench'`,
    consent_state: `'given'`,
    ...columns,
  };
  return `
insert into students (${Object.keys(values).join(', ')})
select ${Object.values(values).join(',\n  ')}
from generate_series(1, ${count}) g ${join};`;
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
