// `npm run bench`: figures, not a test. Starts the built server and a bare node:http server side by
// side, loads both with autocannon over loopback, and prints throughput, latency, cold start and memory,
// on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, default the local server); the audit
// trail with a million entries; Lighthouse on the public pages. BENCH_ONLY=uploads (or a comma list of
// http, enrolment, payments, uploads, upload-rates, workbooks, export, home, exam, audit, books, messages, backups,
// tests, lighthouse, fuzz) runs only
// those parts.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AUDIT_ROWS, benchAudit } from './bench/audit.mjs';
import { benchBackups } from './bench/backups.mjs';
import { benchBooks, CHALLANS } from './bench/books.mjs';
import { benchEnrolment, STUDENTS } from './bench/enrolment.mjs';
import { benchExam, EXAM_STUDENTS } from './bench/exam.mjs';
import { benchExport } from './bench/export.mjs';
import { benchFuzz, printFuzz } from './bench/fuzz.mjs';
import {
  freshDataDir,
  freshPostgres,
  load,
  loginToken,
  rssMb,
  startProcess,
  startProduct,
  stopProcess,
  table,
} from './bench/harness.mjs';
import { benchHome, HOME_STUDENTS } from './bench/home.mjs';
import { benchLighthouse } from './bench/lighthouse.mjs';
import { loadList } from './bench/list.mjs';
import { benchMessages, MESSAGES } from './bench/messages.mjs';
import { benchPayments } from './bench/payments.mjs';
import { benchTests, TEST_FIGURES, TEST_PHASES, testChecksHold } from './bench/tests.mjs';
import { benchUploadRates, benchUploads } from './bench/uploads.mjs';
import { benchWorkbooks } from './bench/workbooks.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const postgresServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = [];
const parts = [
  'http',
  'enrolment',
  'payments',
  'uploads',
  'upload-rates',
  'workbooks',
  'export',
  'home',
  'exam',
  'audit',
  'books',
  'messages',
  'backups',
  'tests',
  'lighthouse',
  'fuzz',
];
const only = (process.env.BENCH_ONLY ?? parts.join(',')).split(',').map((part) => part.trim());
const unknown = only.filter((part) => !parts.includes(part));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${parts.join(', ')})`);
const runs = (part) => only.includes(part);

/** The audit trail with a million entries, on PostgreSQL. */
async function auditFigures() {
  const database = await freshPostgres(postgresServer);
  const dataDir = freshDataDir();
  try {
    const auditRows = await benchAudit({ url: database.url, dataDir });
    console.log(
      `\nAudit trail: ${AUDIT_ROWS.toLocaleString('en-IN')} entries on PostgreSQL, the Activity list through the API, 1 connection\n`,
    );
    console.log(table(auditRows));
    console.log('\nGoal: newest 50 of 1,000,000 p50 ≤ 20 ms.');
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a seeded part on the embedded database, then on a fresh PostgreSQL database; answers both rows. */
async function onBothDatabases(part) {
  const partRows = [];
  // BENCH_DATABASES=postgres (or pglite) measures one of them, for a quicker look while working.
  const only = process.env.BENCH_DATABASES;
  const dataDir = freshDataDir();
  try {
    if (only !== 'postgres') {
      partRows.push(...(await part({ label: 'PGlite', env: { DATA_DIR: dataDir }, runSql: pgliteSql(dataDir) })));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (only === 'pglite') return partRows;
  const database = await freshPostgres(postgresServer);
  const pgDir = freshDataDir();
  try {
    partRows.push(
      ...(await part({
        label: 'PostgreSQL',
        env: { DATABASE_URL: database.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42', DATA_DIR: pgDir },
        runSql: postgresSql(database.url),
      })),
    );
  } finally {
    await database.drop();
    rmSync(pgDir, { recursive: true, force: true });
  }
  return partRows;
}

/** The challan list with 5,000 challans (sent through the API), on each database. */
async function booksFigures() {
  const bookRows = await onBothDatabases(benchBooks);
  console.log(
    `\nChallan Management System: ${CHALLANS.toLocaleString('en-IN')} challans, GET /api/admin/chalans, 1 connection\n`,
  );
  console.log(table(bookRows));
}

/** One sending job of 20,000 reminders drained against the stand-in provider, with a kill -9 halfway. */
async function messagesFigures() {
  const messageRows = await onBothDatabases(benchMessages);
  console.log(
    `\nMessages to parents: one job of ${MESSAGES.toLocaleString('en-IN')} reminders, the stand-in WhatsApp provider, kill -9 halfway\n`,
  );
  console.log(table(messageRows));
  console.log(
    '\nGoals: request p99 while the worker runs ≤ 1.5× idle; every message accepted exactly once (0 duplicates).',
  );
}

/** A damaged backup of 20,000 students refused by `npm run restore`, on each database. */
async function backupsFigures() {
  const backupRows = await onBothDatabases(benchBackups);
  console.log('\nA damaged backup refused: npm run restore of a 20,000-student archive damaged three ways\n');
  console.log(table(backupRows));
  console.log('\nGoal: each refused in one sentence, without row contents, well under the 16–30 s of before.');
}

/** The Excel export at 20,000 registrations, on each database. */
async function exportFigures() {
  const exportRows = await onBothDatabases(benchExport);
  console.log('\nExcel export (all 15 columns, streamed) at 20,000 registrations, 3 runs\n');
  console.log(table(exportRows));
  console.log('\nGoals: export ≤ 2 s and ≤ +150 MB over idle on PostgreSQL (PGlite reported).');
}

/** A whole standard sits an online test at once (issue 28), on each database. */
async function testsFigures() {
  const testRows = await onBothDatabases(benchTests);
  const pick = (keys) => testRows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
  console.log(`\nOnline test: ${TEST_PHASES}; the server killed with SIGKILL halfway through the saves\n`);
  console.log(table(pick(TEST_FIGURES)));
  console.log('\nGoals: save p99 ≤ 100 ms on PostgreSQL; 0 errors.');
  console.log(
    '\nChecks: acknowledged saves in the database with the server down after kill -9 and again at the end; each submit' +
      "'s grade against the acknowledged answers; the end time as the start fixed it; on PostgreSQL the movers' resume on the other instance\n",
  );
  console.log(table(pick(['database', ...Object.keys(testRows[0]).filter((key) => !TEST_FIGURES.includes(key))])));
  const broken = testRows.filter((row) => !testChecksHold(row)).map((row) => row.database);
  console.log(broken.length ? `\nonline test checks BROKEN on ${broken.join(', ')}` : '\nonline test checks: all hold');
}

/** The Home screens' endpoints at 20,000 registrations, on each database. */
async function homeFigures() {
  const homeRows = await onBothDatabases(benchHome);
  console.log(
    `\nHome figures with ${HOME_STUDENTS.toLocaleString('en-IN')} registrations, 40,000 payments, 20,000 enquiries, 1 connection\n`,
  );
  console.log(table(homeRows));
  console.log('\nGoal: every Home endpoint p50 ≤ 50 ms on both databases.');
}

/** The yardstick: a bare node:http server answering a small JSON. */
const bareScript =
  "require('node:http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{\"ok\":true}')}).listen(process.env.PORT,'127.0.0.1')";

/** Exam week at 20,000 students, on each database, with the bare server measured in the same run. */
async function examFigures() {
  const server = await startProcess({
    args: ['-e', bareScript],
    env: { PORT: '4801' },
    readyUrl: 'http://127.0.0.1:4801/',
  });
  const bare = await load({ url: 'http://127.0.0.1:4801/', pid: server.child.pid, duration: 6 });
  await stopProcess(server.child);
  const examRows = await onBothDatabases((options) => benchExam({ ...options, bare }));
  console.log(
    `\nExam week at ${EXAM_STUDENTS.toLocaleString('en-IN')} students of this exam year (5 papers each); ` +
      `bare node:http ${Math.round(bare.rps)} req/s at 50 connections in the same run\n`,
  );
  console.log(table(examRows));
  console.log(
    '\nGoals: lookups of students never looked up before (after the release warm-up) at a ratio ≥ 0.25 on PostgreSQL and ≥ 0.15 on PGlite; hall ticket p50 ≤ 60 ms, p99 ≤ 150 ms at 20 connections.',
  );
}

let bareLoad;
async function benchProduct(label, env, cleanup) {
  const port = 4802;
  const base = `http://127.0.0.1:${port}`;
  const { child, coldStartMs } = await startProduct(port, env);
  try {
    const token = await loginToken(base);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = rssMb(child.pid);
    const me = await load({
      url: `${base}/api/auth/me`,
      headers: { authorization: `Bearer ${token}` },
      pid: child.pid,
      duration,
    });
    rows.push({
      server: 'api GET /api/auth/me',
      database: label,
      'req/s': Math.round(me.rps),
      'p50 ms': me.p50,
      'p99 ms': me.p99,
      ratio: (me.rps / bareLoad.rps).toFixed(2),
      'cold start ms': coldStartMs.toFixed(0),
      'idle RSS MB': idle.toFixed(0),
      'peak RSS MB': me.peakRssMb.toFixed(0),
      errors: me.non2xx,
    });
    const list = await loadList({ base, token, pid: child.pid, duration });
    rows.push({
      server: `api GET ${list.path}`,
      database: label,
      'req/s': Math.round(list.rps),
      'p50 ms': list.p50,
      'p99 ms': list.p99,
      ratio: (list.rps / bareLoad.rps).toFixed(2),
      'cold start ms': '-',
      'idle RSS MB': '-',
      'peak RSS MB': list.peakRssMb.toFixed(0),
      errors: list.non2xx,
    });
  } finally {
    await stopProcess(child);
    await cleanup();
  }
}

let postgresUp = false;
try {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  await client.end();
  postgresUp = true;
} catch {
  console.log(`(PostgreSQL at ${postgresServer} did not answer: its rows are skipped)`);
}

// Authenticated small GET against a bare node:http server.
if (runs('http')) {
  const bare = await startProcess({
    args: ['-e', bareScript],
    env: { PORT: '4801' },
    readyUrl: 'http://127.0.0.1:4801/',
  });
  bareLoad = await load({ url: 'http://127.0.0.1:4801/', pid: bare.child.pid, duration });
  await stopProcess(bare.child);
  rows.push({
    server: 'bare node:http',
    database: '-',
    'req/s': Math.round(bareLoad.rps),
    'p50 ms': bareLoad.p50,
    'p99 ms': bareLoad.p99,
    ratio: '1.00',
    'cold start ms': '-',
    'idle RSS MB': '-',
    'peak RSS MB': bareLoad.peakRssMb.toFixed(0),
    errors: bareLoad.non2xx,
  });

  const dataDir = freshDataDir();
  await benchProduct('PGlite (new data dir)', { DATA_DIR: dataDir }, async () => {});
  // A second start on the same data dir: the cold start a restarted server sees.
  await benchProduct('PGlite (reopened)', { DATA_DIR: dataDir }, async () =>
    rmSync(dataDir, { recursive: true, force: true }),
  );

  if (postgresUp) {
    const database = await freshPostgres(postgresServer);
    await benchProduct(
      'PostgreSQL',
      { DATABASE_URL: database.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' },
      database.drop,
    );
  }
}

/** Runs SQL against the embedded database of a data dir (the server is stopped); answers the last row. */
function pgliteSql(dataDir) {
  return async (sql) => {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const results = await db.exec(sql);
    await db.close();
    return results.at(-1)?.rows[0];
  };
}

function postgresSql(url) {
  return async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const result = await client.query(sql);
    await client.end();
    return (Array.isArray(result) ? result.at(-1) : result)?.rows[0];
  };
}

// Enrolment at 20,000 registrations, on each database.
const enrolment = [];
if (runs('enrolment')) {
  const enrolmentDir = freshDataDir();
  const pglite = await benchEnrolment({
    label: 'PGlite',
    env: { DATA_DIR: enrolmentDir },
    runSql: pgliteSql(enrolmentDir),
  });
  enrolment.push(...pglite.rows);
  rmSync(enrolmentDir, { recursive: true, force: true });
  if (postgresUp) {
    const database = await freshPostgres(postgresServer);
    const dataDir = freshDataDir();
    try {
      const result = await benchEnrolment({
        label: 'PostgreSQL',
        env: { DATABASE_URL: database.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42', DATA_DIR: dataDir },
        runSql: postgresSql(database.url),
      });
      enrolment.push(...result.rows);
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// Payments under load, on each database.
const paymentRows = [];
if (runs('payments')) {
  const paymentsDir = freshDataDir();
  paymentRows.push(
    ...(await benchPayments({ label: 'PGlite', env: { DATA_DIR: paymentsDir }, runSql: pgliteSql(paymentsDir) })),
  );
  rmSync(paymentsDir, { recursive: true, force: true });
  if (postgresUp) {
    const database = await freshPostgres(postgresServer);
    const dataDir = freshDataDir();
    try {
      paymentRows.push(
        ...(await benchPayments({
          label: 'PostgreSQL',
          env: {
            DATABASE_URL: database.url,
            JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
            DATA_DIR: dataDir,
          },
          runSql: postgresSql(database.url),
        })),
      );
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// Photo uploads: the decompression bomb, the largest accepted photos in parallel, a phone photo.
const uploadRows = [];
if (runs('uploads')) {
  const uploadsDir = freshDataDir();
  uploadRows.push(...(await benchUploads({ label: 'PGlite', env: { DATA_DIR: uploadsDir } })));
  rmSync(uploadsDir, { recursive: true, force: true });
  if (postgresUp) {
    const database = await freshPostgres(postgresServer);
    const dataDir = freshDataDir();
    try {
      uploadRows.push(
        ...(await benchUploads({
          label: 'PostgreSQL',
          env: {
            DATABASE_URL: database.url,
            JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
            DATA_DIR: dataDir,
          },
        })),
      );
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// Marks workbooks: the zip bomb, a small file of many cells, a centre's sheet, three at once.
const workbookRows = [];
if (runs('workbooks')) {
  const dataDir = freshDataDir();
  workbookRows.push(...(await benchWorkbooks({ label: 'PGlite', env: { DATA_DIR: dataDir } })));
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUp) {
    const database = await freshPostgres(postgresServer);
    const pgDataDir = freshDataDir();
    try {
      workbookRows.push(
        ...(await benchWorkbooks({
          label: 'PostgreSQL',
          env: {
            DATABASE_URL: database.url,
            JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
            DATA_DIR: pgDataDir,
          },
        })),
      );
    } finally {
      await database.drop();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
}

if (runs('http')) {
  console.log(
    `\nAuthenticated small GET vs bare node:http, 50 connections, ${duration} s each, client on the same machine\n`,
  );
  console.log(table(rows));
  console.log(
    '\nratio = api req/s ÷ bare req/s (goals: ≥ 0.5 for /api/auth/me; ≥ 0.15 on PGlite and ≥ 0.25 on PostgreSQL for' +
      ' the two-query list GET, a page of 20 of 100 enquiries and their count). cold start = process start → first 200 on /api/health.',
  );
}
if (runs('enrolment')) {
  console.log(`\nEnrolment with ${STUDENTS} registrations (seeded in SQL by the bench), admin token\n`);
  console.log(table(enrolment));
  console.log('\nGoals: list paged+filtered p50 ≤ 20 ms, p99 ≤ 60 ms; registration-form PDF p50 ≤ 80 ms.');
}
if (runs('payments')) {
  console.log('\nPayments: 50 connections paying ₹1 each, then an invariant check in the database\n');
  console.log(table(paymentRows));
  console.log('\nGoals: 0 invariant breaks; receipt PDF p50 ≤ 80 ms; collection summary p50 ≤ 20 ms.');
}
if (runs('uploads')) {
  console.log('\nPhoto uploads: server RSS while and after it decodes the largest photos it accepts\n');
  console.log(table(uploadRows));
  console.log(
    '\nGoals: the 16000×16000 bomb refused with 400 at once; peak ≤ idle + 300 MB and back within 50 MB of idle' +
      ' a minute later; phone photo p50 no worse than 223 ms (before these limits).',
  );
}
if (runs('upload-rates')) {
  const rateRows = await onBothDatabases(benchUploadRates);
  console.log('\nPhoto throughput: 4000×3000 phone photos (3 MB), 2 decoded at a time, 16 waiting at most\n');
  console.log(table(rateRows));
  console.log('\n503 = the decode queue was full (Retry-After: 5; the web app sends the photo again after it).');
}
if (runs('workbooks')) {
  console.log('\nMarks workbooks: server RSS and /api/health (asked every 50 ms) while it reads uploads\n');
  console.log(table(workbookRows));
  console.log(
    '\nGoals: the bombs and the 120,000 cells refused with 400 at once; peak ≤ idle + 150 MB (the + is over the lower of' +
      ' idle and RSS just before); /api/health answering throughout.',
  );
}
if (runs('export')) await exportFigures();
if (runs('home')) await homeFigures();
if (runs('exam')) await examFigures();
if (runs('audit')) await auditFigures();
if (runs('books')) await booksFigures();
if (runs('messages')) await messagesFigures();
if (runs('backups')) await backupsFigures();
if (runs('tests')) await testsFigures();
if (runs('lighthouse')) await benchLighthouse();
// Last, on its own: the hostile-input suite at length (BENCH_FUZZ_RUNS random cases, default 5000).
if (runs('fuzz')) printFuzz(await benchFuzz({ postgresUrl: postgresUp ? postgresServer : undefined }));
