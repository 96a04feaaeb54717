// Messages to parents (issue 26): one sending job of 20,000 overdue reminders, drained by the outbox
// worker against the stand-in WhatsApp provider (apps/api/src/testing/stand-in-provider.ts, which posts
// signed status webhooks back as Meta does). Measures messages per second, the server's request p99
// while the worker runs against idle, peak memory; then kill -9 of the server halfway, a restart, and
// a count of what the stand-in accepted: every message exactly once.
// `BENCH_ONLY=messages node scripts/bench.mjs` (after a build) runs only this part.
import { tsImport } from 'tsx/esm/api';
import { load, loginToken, rssSampler, startProduct, studentsSql } from './harness.mjs';

export const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const APP_SECRET = 'bench-whatsapp-app-secret';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 20,000 active students, each with their own parent's phone (consent given), all with an instalment 10 days overdue. */
function seedSql(createdBy) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
select c, 'Bench Centre ' || c, 'Bench College ' || c, 100000 from generate_series(1, 5) c on conflict do nothing;
${studentsSql({
  count: MESSAGES,
  columns: {
    student_id: `'M' || lpad(g::text, 6, '0')`,
    student_name: `'Message Student ' || g`,
    email: `'m@example.com'`,
    parents_no: '(8000000000 + g)::text',
    notification_no: '(8000000000 + g)::text',
    exam_centre_id: '1 + g % 5',
    exam_year: '2027',
    paid_paise: '200000',
    due_date: 'current_date - 10',
    created_by: `'${createdBy}'::uuid`,
    counsellor: `'Bench Admin'`,
  },
})}
analyze students;`;
}

async function api(base, headers, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function benchMessages({ label, env, runSql, port = 4807, duration = 6 }) {
  const { startStandIn } = await tsImport('../../apps/api/src/testing/stand-in-provider.ts', import.meta.url);
  const base = `http://127.0.0.1:${port}`;
  const standIn = await startStandIn({
    token: 'bench-token',
    webhookUrl: `${base}/api/public/messages/whatsapp`,
    appSecret: APP_SECRET,
    latencyMs: 2,
  });
  const productEnv = {
    ...env,
    WHATSAPP_TOKEN: 'bench-token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_API_URL: `${standIn.url}/v21.0`,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_RATE_PER_SECOND: '1000',
    MESSAGE_LEASE_SECONDS: '10',
  };
  let server = await startProduct(port, productEnv);
  const rows = [];
  try {
    const me = await (
      await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${await loginToken(base)}` } })
    ).json();
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await runSql(seedSql(me.uuid ?? me.data?.uuid));
    server = await startProduct(port, productEnv);
    const headers = { authorization: `Bearer ${await loginToken(base)}` };
    const probe = `${base}/api/admin/messages/templates`;
    const idle = await load({ url: probe, headers, pid: server.child.pid, connections: 4, duration });

    const queuedAt = performance.now();
    const job = (
      await api(base, headers, 'POST', '/api/admin/messages/jobs', {
        kind: 'instalment_overdue',
        audience: { type: 'overdue' },
      })
    ).data;
    const queueMs = performance.now() - queuedAt;
    // A reminder skipped at queueing (no parent's consent, an opted-out phone) is never sent: the wait for
    // half of them below would not end.
    if (job.counts.queued !== job.total)
      throw new Error(`bench messages: ${job.counts.queued} of ${job.total} queued: ${JSON.stringify(job.counts)}`);
    const sampler = rssSampler(server.child.pid, 50);
    const drainStart = performance.now();
    const busy = await load({ url: probe, headers, pid: server.child.pid, connections: 4, duration });
    // The worker gives way to requests: while the probe keeps the server answering, it sends slower.
    const rateWhileBusy = standIn.accepted.size / ((performance.now() - drainStart) / 1000);
    // Halfway: kill -9, mid-send, then start again.
    while (standIn.accepted.size < job.total / 2) await sleep(20);
    const beforeKill = standIn.accepted.size;
    const rateBeforeKill = beforeKill / ((performance.now() - drainStart) / 1000);
    const peakRss = sampler.stop();
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const killedAt = performance.now();
    server = await startProduct(port, productEnv);
    const again = { authorization: `Bearer ${await loginToken(base)}` };
    let counts = {};
    for (;;) {
      counts = (await api(base, again, 'GET', `/api/admin/messages/jobs/${job.id}`)).counts;
      if (counts.queued === 0 && counts.sending === 0 && standIn.pendingWebhooks() === 0) break;
      await sleep(250);
    }
    const recoverMs = performance.now() - killedAt;
    const duplicates = standIn.duplicates();
    rows.push(
      {
        database: label,
        what: `queue ${job.total.toLocaleString('en-IN')} reminders (one job, one transaction)`,
        figure: `${(queueMs / 1000).toFixed(1)} s`,
      },
      { database: label, what: 'messages per second, start to kill', figure: Math.round(rateBeforeKill) },
      {
        database: label,
        what: 'messages per second while the probe below keeps the server answering',
        figure: Math.round(rateWhileBusy),
      },
      {
        database: label,
        what: 'request p99 idle → while the worker runs (GET templates, 4 connections)',
        figure: `${idle.p99} ms → ${busy.p99} ms (${(busy.p99 / Math.max(idle.p99, 1)).toFixed(2)}×)`,
      },
      { database: label, what: 'peak RSS while draining', figure: `${peakRss.toFixed(0)} MB` },
      {
        database: label,
        what: `kill -9 at ${beforeKill.toLocaleString('en-IN')} accepted; restart until the job settled`,
        figure: `${(recoverMs / 1000).toFixed(1)} s`,
      },
      {
        database: label,
        what: 'accepted by the stand-in / duplicates',
        figure: `${standIn.accepted.size.toLocaleString('en-IN')} / ${duplicates}`,
      },
      {
        database: label,
        what: 'job report: sent + delivered / failed',
        figure: `${(counts.sent + counts.delivered).toLocaleString('en-IN')} / ${counts.failed}`,
      },
    );
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await standIn.close();
  }
  return rows;
}
