// A two-query list GET at 50 connections beside a bare node:http server in the same run: a counsellor's
// enquiries, first page of 20 (the page's rows and the total count, two queries), 100 enquiries seeded
// through the API. `BENCH_ONLY=list node scripts/bench.mjs` runs only this part.
import { ADMIN, createCounsellor, load, loginToken, startProcess, stopProcess } from './harness.mjs';

const ENQUIRIES = 100;

export async function benchList({ label, env, bare, duration }) {
  const port = 4806;
  const base = `http://127.0.0.1:${port}`;
  const { child, coldStartMs } = await startProcess({
    args: ['apps/api/dist/server.js'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    readyUrl: `${base}/api/health`,
  });
  try {
    const counsellor = await createCounsellor(base, await loginToken(base), 'list');
    const token = await counsellor.login();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let i = 0; i < ENQUIRIES; i += 1) {
      const studentNo = String(9_700_000_000 + i);
      const response = await fetch(`${base}/api/counsellor/visiting`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          studentName: `Enquiry ${i}`,
          gender: 'Male',
          dob: '2011-06-14',
          address: '12, Shivaji Nagar, Pune',
          pincode: '411005',
          standard: '10th',
          branch: 'Semi-English',
          schoolCollege: 'New English School',
          previousYearPercent: 82.5,
          email: 'enquiry@example.com',
          studentNo,
          parentsNo: '9822098220',
          notificationNo: studentNo,
          demoGiven: 'YES',
          reason: 'Other',
          otherReason: 'Bench',
        }),
      });
      if (response.status !== 201) throw new Error(`bench enquiry: ${response.status} ${await response.text()}`);
    }
    const list = await load({
      url: `${base}/api/counsellor/getVisiting?page=1&limit=20`,
      headers: { authorization: `Bearer ${token}` },
      pid: child.pid,
      duration,
    });
    return [
      {
        request: 'GET getVisiting page 1 of 20 (rows + count)',
        database: label,
        'req/s': Math.round(list.rps),
        'p50 ms': list.p50,
        'p99 ms': list.p99,
        ratio: (list.rps / bare.rps).toFixed(2),
        'cold start ms': coldStartMs.toFixed(0),
        'peak RSS MB': list.peakRssMb.toFixed(0),
        errors: list.non2xx,
      },
    ];
  } finally {
    await stopProcess(child);
  }
}
