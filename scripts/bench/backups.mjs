// A damaged backup refused (issue 24): `npm run restore` of a 20,000-student archive cut short, with a
// flipped byte, and with a flipped byte in the gzip checksum. Measures how long each refusal takes, from
// the command's start to its exit, and checks that it says one sentence with no row contents in it. The
// restore target is an empty data dir: a refusal comes before any database is opened.
// `BENCH_ONLY=backups node scripts/bench.mjs` (after a build).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshDataDir, loginToken, startProduct, stopProcess, studentsSql } from './harness.mjs';

const STUDENTS = Number(process.env.BENCH_BACKUP_STUDENTS ?? 20_000);
const root = path.resolve(import.meta.dirname, '../..');

const seedSql = (createdBy) => `
insert into exam_centres (center_id, center_name, college_name, capacity)
values (1, 'Bench Centre', 'Bench College', 100000) on conflict do nothing;
${studentsSql({
  count: STUDENTS,
  columns: {
    student_id: `'B' || lpad(g::text, 6, '0')`,
    student_name: `'Backup Student ' || g`,
    exam_year: '2027',
    created_by: `'${createdBy}'::uuid`,
    counsellor: `'Bench Admin'`,
  },
})}`;

/** Runs one of the built commands; answers its exit code, its output and its time in ms. */
function command(script, args, env) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [path.join(root, 'apps/api/dist', script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim(), ms: performance.now() - started };
}

function flipByte(bytes, at) {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0xff;
  return copy;
}

export async function benchBackups({ label, env, runSql, port = 4812 }) {
  const server = await startProduct(port, env);
  const base = `http://127.0.0.1:${port}`;
  const me = await (
    await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${await loginToken(base)}` } })
  ).json();
  // The embedded database is the server's while it runs: the seed and the backup come after it stops.
  await stopProcess(server.child);
  await runSql(seedSql(me.uuid));
  const work = freshDataDir();
  const target = freshDataDir();
  const rows = [];
  try {
    const archive = path.join(work, 'good.tar.gz');
    const backup = command('backup.js', ['--out', archive, '--plaintext'], env);
    if (backup.status !== 0) throw new Error(`bench backup failed: ${backup.output}`);
    const bytes = readFileSync(archive);
    rows.push({
      database: label,
      what: `backup of ${STUDENTS.toLocaleString('en-IN')} students (npm run backup -- --plaintext)`,
      figure: `${(backup.ms / 1000).toFixed(1)} s, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
    });
    const copies = [
      ['cut short at 60 %', bytes.subarray(0, Math.floor(bytes.length * 0.6))],
      ['a flipped byte in the middle', flipByte(bytes, Math.floor(bytes.length / 2))],
      ['a flipped byte in the gzip checksum', flipByte(bytes, bytes.length - 6)],
    ];
    for (const [what, copy] of copies) {
      const file = path.join(work, 'damaged.tar.gz');
      writeFileSync(file, copy);
      const refusal = command('restore.js', [file], { DATA_DIR: target });
      const lines = refusal.output.split('\n').filter((line) => line.trim() !== '');
      const clean = refusal.status !== 0 && lines.length === 1 && !refusal.output.includes('Backup Student');
      if (!clean) throw new Error(`bench backups: ${what} was not refused in one clean sentence: ${refusal.output}`);
      rows.push({
        database: label,
        what: `restore refuses a copy ${what}`,
        figure: `${(refusal.ms / 1000).toFixed(1)} s: ${lines[0]?.slice(0, 70)}`,
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  }
  return rows;
}
