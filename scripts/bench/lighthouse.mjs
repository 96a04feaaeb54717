// Lighthouse (mobile, default simulated throttling) on the public pages of the built product:
// the four category scores per page, and the JavaScript and total bytes transferred for /.
// Part of `npm run bench`; alone: `BENCH_ONLY=lighthouse npm run bench` (LIGHTHOUSE_PAGES: a comma-separated
// list of paths; /hallticket and /result are audited with their flag off, then on; LIGHTHOUSE_PORT: the server's port, default 4804; LIGHTHOUSE_DETAILS=1: the failing audits).
import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freshDataDir, loginToken, startProduct, stopProcess, table } from './harness.mjs';

/** The public pages of SPEC §2 that a visitor reaches first (paths as in apps/web/src/config/paths.ts). */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/courses,/exam-centers,/login,/hallticket,/result').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOAL = 95;

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A few centres, so /exam-centers shows what it shows in use. */
async function addCentres(base) {
  const token = await loginToken(base);
  const centres = [
    { centerId: 1, centerName: 'Dadar', collegeName: 'Ruparel College', city: 'Mumbai' },
    { centerId: 2, centerName: 'Shivajinagar', collegeName: 'Fergusson College', city: 'Pune' },
    { centerId: 3, centerName: 'College Road', collegeName: 'HPT Arts and RYK Science College', city: 'Nashik' },
    { centerId: 4, centerName: 'Naupada', collegeName: 'Bedekar Vidya Mandir', city: 'Thane' },
  ];
  for (const centre of centres) {
    const response = await fetch(`${base}/api/admin/addCenter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(centre),
    });
    if (response.status !== 201) throw new Error(`add centre: ${response.status} ${await response.text()}`);
  }
}

async function setFlag(base, flagName, flagValue) {
  const response = await fetch(`${base}/api/admin/updateSettingFlag/${flagName}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await loginToken(base)}` },
    body: JSON.stringify({ flagValue }),
  });
  if (response.status !== 200) throw new Error(`flag ${flagName}: ${response.status} ${await response.text()}`);
}

/** Transferred bytes of one page load: scripts and everything. */
function pageBytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  return { script: sum(requests.filter((item) => item.resourceType === 'Script')), total: sum(requests) };
}

async function audit(url) {
  // A fresh browser per page: no cache or service state carried from one page to the next.
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** With LIGHTHOUSE_DETAILS=1: what cost each page points, to know what to fix. */
function printFailedAudits(path, lhr) {
  for (const id of CATEGORIES) {
    const failed = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
    if (failed.length > 0) console.log(`${path} ${id}: ${failed.join(', ')}`);
  }
}

export async function benchLighthouse() {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 4804);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = freshDataDir();
  const { child } = await startProduct(port, { DATA_DIR: dataDir });
  const rows = [];
  let home;
  try {
    await addCentres(base);
    // The pages decided by a flag: as visitors see them before release (flags off), then after.
    const flagged = { '/hallticket': 'HALLTICKET', '/result': 'RESULT' };
    const runs = [
      ...PAGES.map((path) => ({ path, page: flagged[path] ? `${path} (flag off)` : path })),
      ...PAGES.filter((path) => flagged[path]).map((path) => ({
        path,
        page: `${path} (flag on)`,
        flag: flagged[path],
      })),
    ];
    for (const { path, page, flag } of runs) {
      if (flag) await setFlag(base, flag, 'true');
      const lhr = await audit(`${base}${path}`);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const bytes = pageBytes(lhr);
      if (process.env.LIGHTHOUSE_DETAILS) printFailedAudits(page, lhr);
      if (path === '/') home = bytes;
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        seo: score('seo'),
        'FCP ms': Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        'TBT ms': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        'JS KB': kb(bytes.script),
        'total KB': kb(bytes.total),
      });
    }
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\nLighthouse, mobile with default simulated throttling (Slow 4G, 4× CPU), a fresh browser per page\n');
  console.log(table(rows));
  console.log(
    `\n/ transferred: JavaScript ${kb(home?.script ?? 0)} KB, total ${kb(home?.total ?? 0)} KB (compressed as sent).`,
  );
  console.log(`Goals: each category ≥ ${GOAL} on every page; JavaScript for / ≤ 60 KB.`);
  const misses = rows.flatMap((row) =>
    ['performance', 'accessibility', 'best practices', 'seo']
      .filter((category) => row[category] < GOAL)
      .map((category) => `${row.page} ${category} ${row[category]}`),
  );
  console.log(misses.length === 0 ? 'All goals met.' : `Below the goal: ${misses.join(', ')}`);
  return rows;
}
