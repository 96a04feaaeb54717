// The audit trail at scale: 1,000,000 entries written straight in SQL (generate_series), then the
// Activity list through the API: the newest 50, the next page by cursor, and filtered by student, by
// user, by kind of record and by one Indian day. PostgreSQL only (the target is stated for it).
import pg from 'pg';
import { load, loadCells, loginToken, startProduct, stopProcess } from './harness.mjs';

export const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const ACTORS = 20;
const STUDENTS = 50_000;

const actorUuid = (k) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

/**
 * One entry every 30 seconds for the past year (about a million), by 20 users, across five kinds of
 * record; two in five belong to one of 50,000 students (eight entries each).
 */
export function seedAuditSql(rows = AUDIT_ROWS) {
  return `
insert into audit_log (at, actor_uuid, actor_name, actor_role, entity, entity_id, entity_name, student_id, action, before, after)
select now() - ((${rows} - g) * interval '30 seconds'),
  ('00000000-0000-4000-8000-' || lpad((g % ${ACTORS})::text, 12, '0'))::uuid,
  'Bench User ' || (g % ${ACTORS}), case when g % ${ACTORS} = 0 then 'admin' else 'counsellor' end,
  (array['student', 'payment', 'centre', 'flag', 'settlement'])[1 + g % 5],
  (g % ${STUDENTS})::text, null,
  case when g % 5 in (0, 1) then (2600000 + g % ${STUDENTS})::text end,
  'update', jsonb_build_object('capacity', g % 500), jsonb_build_object('capacity', g % 500 + 1)
from generate_series(1, ${rows}) g;
analyze audit_log;`;
}

/** The Indian calendar date of an instant. */
const indianDate = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);

export async function benchAudit({ url, dataDir, duration = 5, port = 4805 }) {
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startProduct(port, {
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    DATA_DIR: dataDir,
  });
  const rows = [];
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    await client.query(seedAuditSql());
    const seedMs = performance.now() - started;
    const { rows: size } = await client.query(
      `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('audit_log')) as total,
        pg_size_pretty(pg_indexes_size('audit_log')) as indexes from audit_log`,
    );
    await client.end();
    rows.push({
      what: `insert ${size[0].n.toLocaleString('en-IN')} entries (SQL) + analyze`,
      'req/s': '-',
      'p50 ms': `${(seedMs / 1000).toFixed(1)} s`,
      'p99 ms': '-',
      errors: `${size[0].total} (indexes ${size[0].indexes})`,
    });

    const headers = { authorization: `Bearer ${await loginToken(base)}` };
    const first = await (await fetch(`${base}/api/admin/activity`, { headers })).json();
    const midday = indianDate(new Date(Date.now() - 180 * 24 * 3600 * 1000));
    const queries = [
      ['newest 50', ''],
      ['next page (cursor)', `before=${first.nextCursor}`],
      ['page 2,000 back (cursor)', `before=${first.data[0].id - 100_000}`],
      ['by student', 'studentId=2612345'],
      ['by user', `actor=${actorUuid(7)}`],
      ['by kind of record', 'entity=flag'],
      ['one Indian day, 6 months ago', `from=${midday}&to=${midday}`],
      [
        'user + record + 30 days',
        `actor=${actorUuid(3)}&entity=flag&from=${indianDate(new Date(Date.now() - 30 * 864e5))}`,
      ],
      // The worst case: a combination nobody matches is walked to the end of that user's entries.
      ['user + record, no match', `actor=${actorUuid(3)}&entity=payment`],
    ];
    for (const [what, query] of queries) {
      const check = await fetch(`${base}/api/admin/activity?${query}`, { headers });
      const body = await check.json();
      const result = await load({
        url: `${base}/api/admin/activity?${query}`,
        headers,
        pid: child.pid,
        connections: 1,
        duration,
      });
      rows.push({
        what: `${what}: ${body.data?.length ?? check.status} entries`,
        ...loadCells(result),
        errors: result.non2xx,
      });
    }
  } finally {
    await stopProcess(child);
  }
  return rows;
}
