// `npm run soak`: results week for SOAK_SECONDS (default 300) on each database, then every invariant.
// Not a test suite and not part of `npm test`: a bounded run that stops by itself and exits 0 only when
// no request failed other than documented back-pressure (429, or 503 with Retry-After) and every
// invariant holds. Phases (SOAK_DATABASES, default all three):
//   pglite      the embedded database, one instance
//   postgres    PostgreSQL (a fresh database on SOAK_DATABASE_URL's server), one instance; its connections
//               terminated twice and the server killed with SIGKILL once and restarted during the load
//   postgres-2  two instances on one PostgreSQL database, the load spread over both
// The rest of the knobs (SOAK_STUDENTS, SOAK_STAFF_SESSIONS, SOAK_LOOKUPS_PER_SECOND, …) are in README's Soak.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freshDataDir, freshPostgres, multipart, phoneJpeg, table } from './bench/harness.mjs';
import { databaseProblems, ledgerProblems, missingUploads, readLedger } from './soak/invariants.mjs';
import { runLoad } from './soak/load.mjs';
import { seedWorld, smallJpeg } from './soak/seed.mjs';
import { createServer, rssLine } from './soak/server.mjs';
import { createStats } from './soak/stats.mjs';

const env = process.env;
const number = (name, fallback) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const seconds = number('SOAK_SECONDS', 300);
const config = {
  thinkMs: number('SOAK_THINK_MS', 1000),
  staffSessions: number('SOAK_STAFF_SESSIONS', 50),
  lookupsPerSecond: number('SOAK_LOOKUPS_PER_SECOND', 200),
  lookupWidth: number('SOAK_LOOKUP_CONNECTIONS', 128),
  uploadsPerSecond: number('SOAK_UPLOADS_PER_SECOND', 1),
  adminEverySeconds: number('SOAK_ADMIN_EVERY_SECONDS', 10),
};
const students = number('SOAK_STUDENTS', 300);
const counsellors = number('SOAK_COUNSELLORS', 10);
const postgresServer = env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const phases = ['pglite', 'postgres', 'postgres-2'];
const only = (env.SOAK_DATABASES ?? phases.join(',')).split(',').map((phase) => phase.trim());
const unknown = only.filter((phase) => !phases.includes(phase));
if (unknown.length > 0) throw new Error(`SOAK_DATABASES: unknown ${unknown.join(', ')} (phases: ${phases.join(', ')})`);

const log = (line) => console.log(line);
// A 3 MB phone photo as staff upload them (SOAK_PHOTO=small: a 300 × 400 one, lighter on a shared machine).
const photo = multipart(env.SOAK_PHOTO === 'small' ? await smallJpeg(200) : await phoneJpeg());

/** A separate connection that ends every other connection to the database: what a failover does. */
async function terminateConnections(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** After a fault: the instance is still the same process and answers an authenticated list by itself. */
async function recovery(server, admin, { sameProcess }) {
  const pid = server.child.pid;
  const began = performance.now();
  while (performance.now() - began < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    try {
      const response = await fetch(`${server.base}/api/counsellor/getRegister?page=1&limit=5`, {
        headers: { authorization: `Bearer ${admin}` },
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        const same = server.child.pid === pid && server.alive();
        if (sameProcess && !same) return { ok: false, outcome: 'the process died; answered only once started again' };
        return { ok: true, outcome: `answers again after ${((performance.now() - began) / 1000).toFixed(1)} s` };
      }
    } catch {}
  }
  return { ok: false, outcome: server.alive() ? 'no 200 within 30 s' : 'the process died' };
}

async function runPhase(phase) {
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL', 'postgres-2': 'PostgreSQL, 2 instances' }[phase];
  log(`\n== ${label}: seeding ${students} students through the API, then ${seconds} s of load`);
  const stats = createStats();
  const acks = { registrations: [], payments: [], uploads: [], challans: [], seats: [], keysSent: new Set() };
  const dirs = [];
  const dataDir = () => {
    const dir = freshDataDir();
    dirs.push(dir);
    return dir;
  };
  const database = phase === 'pglite' ? undefined : await freshPostgres(postgresServer);
  const servers =
    phase === 'pglite'
      ? [createServer({ port: 4300, env: { DATA_DIR: dataDir() }, name: 'PGlite instance' })]
      : phase === 'postgres'
        ? [createServer({ port: 4310, env: { DATABASE_URL: database.url, DATA_DIR: dataDir() }, name: 'instance' })]
        : [4320, 4321].map((port, i) =>
            createServer({
              port,
              env: { DATABASE_URL: database.url, DATA_DIR: dataDir(), FILE_STORE: 'database' },
              name: `instance ${i + 1}`,
            }),
          );
  const problems = [];
  let result;
  try {
    for (const server of servers) await server.start();
    const seedStarted = performance.now();
    const world = await seedWorld({ server: servers[0], students, counsellors, acks });
    log(`   seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    const faults = [];
    if (phase === 'postgres') {
      const [server] = servers;
      const terminate = async () => {
        server.faults += 1;
        const ended = await terminateConnections(database.url);
        const recovered = await recovery(server, world.admin, { sameProcess: true });
        if (!recovered.ok) problems.push(`after pg_terminate_backend: ${recovered.outcome}`);
        return { ...recovered, outcome: `${ended} connections ended; ${recovered.outcome}` };
      };
      faults.push(
        { atSeconds: seconds * 0.25, what: 'pg_terminate_backend', run: terminate },
        { atSeconds: seconds * 0.5, what: 'pg_terminate_backend', run: terminate },
        {
          atSeconds: seconds * 0.75,
          what: 'kill -9 and restart',
          run: async () => {
            const downMs = await server.killAndRestart();
            const recovered = await recovery(server, world.admin, { sameProcess: false });
            if (!recovered.ok) problems.push(`after kill -9: ${recovered.outcome}`);
            return { ...recovered, outcome: `down ${(downMs / 1000).toFixed(1)} s; ${recovered.outcome}` };
          },
        },
      );
    }
    result = await runLoad({
      servers,
      world,
      seconds,
      config: { ...config, photo },
      stats,
      acks,
      faults,
      log,
    });

    // The checks: through the API first, then in the database (read only; the embedded one once its
    // server has stopped, since only one process may open it).
    log('   checking the invariants');
    for (const server of servers) {
      if (!server.alive()) await server.restartAfterDeath();
    }
    const seen = await readLedger(servers[0].base, world.admin);
    problems.push(...ledgerProblems({ seen, acks }));
    for (const server of servers) problems.push(...(await missingUploads(server.base, acks.uploads)));
    for (const server of servers) {
      for (const death of server.deaths) {
        problems.push(`${server.name} died (${death.signal ?? `exit ${death.code}`}): ${death.reason}`);
      }
    }
    if (phase === 'pglite') {
      await servers[0].stop();
      const db = await PGlite.create({ dataDir: path.join(dirs[0], 'pglite') });
      try {
        problems.push(...(await databaseProblems(async (sql) => (await db.query(sql)).rows[0])));
      } finally {
        await db.close();
      }
    } else {
      const client = new pg.Client({ connectionString: database.url, options: '-c default_transaction_read_only=on' });
      await client.connect();
      try {
        problems.push(...(await databaseProblems(async (sql) => (await client.query(sql)).rows[0])));
      } finally {
        await client.end();
      }
    }
    result.checked = {
      students: seen.students.length,
      payments: seen.payments.length,
      challans: seen.challans.length,
      acknowledged: acks.registrations.length + acks.payments.length + acks.uploads.length + acks.challans.length,
    };
  } catch (error) {
    problems.push(`the phase stopped: ${error.message}`);
  } finally {
    for (const server of servers) await server.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return { label, stats, problems, result, servers };
}

/** A phase's table and findings, printed as soon as it is done; answers whether it passed. */
function report({ label, stats, problems, result, servers }) {
  log(
    `\n${label}: ${seconds} s of load, ${config.staffSessions} staff sessions, ${config.lookupsPerSecond} lookups/s asked`,
  );
  const rows = stats.rows(label);
  if (rows.length > 0) log(table(rows));
  if (result) {
    const lookups = rows
      .filter((row) => row.operation === 'result lookup' || row.operation === 'hall ticket')
      .reduce((sum, row) => sum + row.count, 0);
    log(
      `lookups reached ${(lookups / result.seconds).toFixed(0)}/s (${result.lookupsNotSent} not sent: client pool full); ` +
        `uploads not sent: ${result.uploadsNotSent}`,
    );
    for (const fault of result.faultLog) log(`fault at ${fault.at} s, ${fault.what}: ${fault.outcome}`);
    if (result.checked) {
      log(
        `checked: ${result.checked.students} students, ${result.checked.payments} payments, ${result.checked.challans} challans, ` +
          `${result.checked.acknowledged} acknowledged writes`,
      );
    }
  }
  for (const server of servers) log(`RSS ${server.name}: ${rssLine(server.rss)}`);
  if (stats.errorSamples.length > 0) log(`first errors:\n  ${stats.errorSamples.join('\n  ')}`);
  log(
    problems.length === 0
      ? 'invariants: all hold'
      : `invariants: ${problems.length} BROKEN\n  ${problems.slice(0, 30).join('\n  ')}`,
  );
  return stats.errorCount() === 0 && problems.length === 0;
}

const verdicts = [];
for (const phase of only) {
  const phaseReport = await runPhase(phase);
  verdicts.push(`${phaseReport.label}: ${report(phaseReport) ? 'passed' : 'FAILED'}`);
}
const failed = verdicts.some((verdict) => verdict.endsWith('FAILED'));
log(`\n${verdicts.join('; ')}`);
log(failed ? 'SOAK FAILED' : 'soak passed: 0 errors beyond back-pressure, every invariant holds');
process.exit(failed ? 1 : 0);
