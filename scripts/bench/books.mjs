// The Challan Management System at 5,000 challans: the challans are sent through the API (as admins
// do, each in its transaction with its number and stock), then the list is read one page at a time,
// unfiltered and filtered, with one connection.
import { load, loadCells, loginToken, startProduct, stopProcess } from './harness.mjs';

export const CHALLANS = Number(process.env.BENCH_CHALLANS ?? 5_000);
const COUNSELLORS = 10;

const indianDate = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
const daysAgo = (days) => indianDate(new Date(Date.now() - days * 864e5));

async function post(base, headers, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function benchBooks({ label, env, duration = 5, port = 4806 }) {
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startProduct(port, env);
  const rows = [];
  try {
    const headers = { authorization: `Bearer ${await loginToken(base)}` };
    const counsellors = [];
    for (let k = 0; k < COUNSELLORS; k += 1) {
      const created = await post(base, headers, '/api/auth/register', {
        name: `Bench Counsellor ${k}`,
        email: `books-${k}-${Date.now()}@bench.test`,
        role: 'counsellor',
        contactNum: '9822012345',
        branch: 'Pune',
        commission: 10,
        dob: '1990-01-01',
        password: 'bench-pass-123',
      });
      counsellors.push(created.data.uuid);
    }
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < CHALLANS) {
        const n = next++;
        await post(base, headers, '/api/admin/addBooksWithChalan', {
          chalanDate: daysAgo(n % 360),
          counsellorId: counsellors[n % COUNSELLORS],
          items: [
            { standard: '10th', bookName: 'Math', totalCount: 1 + (n % 20) },
            { standard: '12th', bookName: 'Physics', totalCount: 1 + (n % 15) },
            { standard: 'pamphlet', bookName: '01/11/2026', totalCount: 50 },
            { standard: 'receiptBook', bookName: `RB-${n}`, totalCount: 50 },
          ],
        });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const seedMs = performance.now() - started;
    rows.push({
      database: label,
      what: `send ${CHALLANS.toLocaleString('en-IN')} challans through the API (8 at a time)`,
      'req/s': Math.round(CHALLANS / (seedMs / 1000)),
      'p50 ms': '-',
      'p99 ms': '-',
      errors: 0,
    });
    const queries = [
      ['page 1 of all, with the six tiles', 'page=1&limit=10'],
      ['page 250 of all', 'page=250&limit=10'],
      ['one counsellor, page 3', `counsellor=${counsellors[3]}&page=3&limit=10`],
      ['one month (date range)', `from=${daysAgo(60)}&to=${daysAgo(30)}&page=1&limit=10`],
      [
        'counsellor + 3 months + page 2',
        `counsellor=${counsellors[5]}&from=${daysAgo(120)}&to=${daysAgo(30)}&page=2&limit=10`,
      ],
      ['challan number contains "12"', 'chalanNo=12&page=1&limit=10'],
    ];
    for (const [what, query] of queries) {
      const check = await fetch(`${base}/api/admin/chalans?${query}`, { headers });
      const body = await check.json();
      const result = await load({
        url: `${base}/api/admin/chalans?${query}`,
        headers,
        pid: child.pid,
        connections: 1,
        duration,
      });
      rows.push({
        database: label,
        what: `${what}: ${body.data?.length ?? check.status} of ${body.totalCount ?? '?'}`,
        ...loadCells(result),
        errors: result.non2xx,
      });
    }
  } finally {
    await stopProcess(child);
  }
  return rows;
}
