// The hostile-input suite at length: every mutation of every route once, then FUZZ_RUNS seeded random
// cases, on PGlite and (when it answers) PostgreSQL. Prints the case counts, the time, and what it found.
//   node scripts/bench/fuzz.mjs            (also a step of `npm run bench`)
//   BENCH_FUZZ_RUNS=20000 BENCH_FUZZ_SEED=42 node scripts/bench/fuzz.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { table } from './harness.mjs';

export async function benchFuzz({
  runs = Number(process.env.BENCH_FUZZ_RUNS ?? 5000),
  seed = Number(process.env.BENCH_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31)),
  postgresUrl,
} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-fuzz-'));
  const reportFile = path.join(dir, 'findings.txt');
  const projects = ['--project', 'api', ...(postgresUrl ? ['--project', 'api:postgres'] : [])];
  const started = Date.now();
  const output = await run(
    'npx',
    ['vitest', 'run', ...projects, 'apps/api/src/hostile-input.test.ts', '--maxWorkers=1'],
    {
      ...process.env,
      NO_COLOR: '1',
      FUZZ_RUNS: String(runs),
      FUZZ_SEED: String(seed),
      FUZZ_EXHAUSTIVE: '1',
      FUZZ_REPORT: reportFile,
      ...(postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}),
    },
  );
  const plain = output;
  const rows = [
    ...plain.matchAll(
      /hostile input: (every mutation once, )?(\d+) cases in ([\d.]+) s on (\w+)(?:.*?(\d+) findings \((\d+) new\))?/g,
    ),
  ].map((match) => ({
    run: match[1] ? 'every mutation once' : `random, FUZZ_SEED=${seed}`,
    database: match[4],
    cases: Number(match[2]),
    seconds: Number(match[3]),
    'cases/s': Math.round(Number(match[2]) / Number(match[3])),
    findings: match[5] === undefined ? '-' : `${match[5]} (${match[6]} new)`,
  }));
  let findings = '';
  try {
    findings = readFileSync(reportFile, 'utf8');
  } catch {
    findings = '';
  }
  rmSync(dir, { recursive: true, force: true });
  const lines = findings.split('\n');
  const newOnes = lines.filter((line) => line.startsWith('NEW '));
  const known = lines.filter((line) => line.startsWith('known '));
  // Each new finding with the request and answer under it (a change on a 4xx names the tables it saw change).
  const newDetails = [];
  let inNew = false;
  for (const line of lines) {
    if (!line.startsWith('    ')) inNew = line.startsWith('NEW ');
    if (inNew) newDetails.push(line);
  }
  const failed = /Tests\s+\d+ failed/.test(plain);
  return { rows, seed, newOnes, newDetails, known, failed, totalSeconds: (Date.now() - started) / 1000, output: plain };
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('close', () => resolve(text));
  });
}

/** Prints the section of the bench report. */
export function printFuzz(result) {
  console.log(`\nHostile input (apps/api/src/hostile-input.test.ts): cases, time and findings per database\n`);
  console.log(table(result.rows));
  console.log(
    `${result.known.length} known findings (KNOWN_FINDINGS) and ${result.newOnes.length} new; ` +
      `FUZZ_SEED=${result.seed} reproduces the random run.`,
  );
  for (const line of result.newDetails.slice(0, 120)) console.log(`  ${line}`);
  if (result.failed && result.newOnes.length === 0) {
    console.log('The suite failed for another reason:');
    console.log(result.output.split('\n').slice(-40).join('\n'));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgresUrl = process.env.BENCH_FUZZ_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  printFuzz(await benchFuzz({ postgresUrl }));
}
