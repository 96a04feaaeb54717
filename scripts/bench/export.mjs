// The Excel export at 20,000 registrations: time and the server's peak resident memory over idle.
// `BENCH_ONLY=export node scripts/bench.mjs` (after a build) runs only this part.
import { tsImport } from 'tsx/esm/api';
import { loginToken, rssMb, rssSampler, startProduct, stopProcess, studentsSql } from './harness.mjs';

export const EXPORT_STUDENTS = 20_000;
const RUNS = 3;

/**
 * 20,000 students over 5 centres and 4 standards, registered over the last 400 days; the 10th and 12th
 * students (half) have seat numbers, the two-year students none (an empty cell).
 */
function seedSql(createdBy) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
select c, 'Bench Centre ' || c, 'Bench College ' || c, 100000 from generate_series(1, 5) c on conflict do nothing;
${studentsSql({
  count: EXPORT_STUDENTS,
  columns: {
    student_id: `'E' || lpad(g::text, 6, '0')`,
    student_name: `'Export Student ' || g`,
    standard: `(array['9th+10th','10th','11th+12th','12th'])[1 + g % 4]`,
    exam_centre_id: '1 + g % 5',
    exam_year: '2027',
    paid_paise: 'case when g % 3 = 0 then 585000 else 200000 end',
    due_date: 'case when g % 3 = 0 then null else current_date + (g % 90) - 30 end',
    created_by: `'${createdBy}'::uuid`,
    counsellor: `'Bench Admin'`,
    created_at: `now() - (g % 400) * interval '1 day'`,
    seat_number: `case when g % 2 = 1 then 'S27-' || lpad(g::text, 5, '0') end`,
    seat_serial: 'case when g % 2 = 1 then g end',
  },
})}
analyze students;`;
}

/** Answers rows for the table; `extra(base, headers, pid)` may add more measurements on the seeded server. */
export async function benchExport({ label, env, runSql, port = 4806, extra }) {
  const base = `http://127.0.0.1:${port}`;
  const start = () => startProduct(port, env);
  // Every column the tool offers, as the domain lists them.
  const { exportColumns: columns } = await tsImport('../../packages/domain/src/export.schemas.ts', import.meta.url);

  let server = await start();
  const me = await (
    await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${await loginToken(base)}` } })
  ).json();
  await stopProcess(server.child);
  await runSql(seedSql(me.uuid ?? me.data?.uuid));

  server = await start();
  const rows = [];
  try {
    const headers = { authorization: `Bearer ${await loginToken(base)}`, 'content-type': 'application/json' };
    const pid = server.child.pid;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = rssMb(pid);
    const sampler = rssSampler(pid, 20);
    const times = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/api/counsellor/getFilteredRegister`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ columns, format: 'xlsx' }),
      });
      if (response.status !== 200) throw new Error(`export failed: ${response.status} ${await response.text()}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    const peak = sampler.stop();
    times.sort((a, b) => a - b);
    rows.push({
      database: label,
      what: `Excel export, ${EXPORT_STUDENTS.toLocaleString('en-IN')} rows × ${columns.length} columns`,
      'median ms': Math.round(times[Math.floor(times.length / 2)]),
      'max ms': Math.round(times.at(-1)),
      'file KB': Math.round(bytes / 1024),
      'idle RSS MB': idle.toFixed(0),
      'peak RSS MB': peak.toFixed(0),
      'peak − idle MB': (peak - idle).toFixed(0),
    });
    if (extra) rows.push(...(await extra({ base, headers, pid, label })));
  } finally {
    await stopProcess(server.child);
  }
  return rows;
}
