// Measures the Register Table and Payment Records on a 360 px phone: the page's width
// (document.documentElement.scrollWidth) and its element count, as a counsellor and as the admin.
//
//   DATA_DIR=$(mktemp -d) npm run seed:demo          # demo data into a fresh data dir
//   DATA_DIR=<same dir> PORT=3100 node apps/api/dist/server.js &
//   BASE_URL=http://127.0.0.1:3100 node scripts/measure-phone.mjs
//
// Uses Debian's Chromium (CHROMIUM_PATH to change it) through the e2e workspace's Playwright.
import { chromium } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const accounts = [
  { email: 'priya@demo.test', password: 'demo1234', role: 'counsellor' },
  { email: process.env.ADMIN_EMAIL ?? 'admin@demo.test', password: 'demo1234', role: 'admin' },
];
const pages = [
  { name: 'Register Table', path: '/dashboard/registertable' },
  { name: 'Payment Records', path: '/dashboard/paymenttable' },
];

async function login({ email, password, role }) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return response.json();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const results = [];
try {
  for (const account of accounts) {
    const session = await login(account);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`);
    await page.evaluate((value) => {
      localStorage.setItem('user', JSON.stringify(value));
      localStorage.setItem('tokenExpiry', String(value.expiresAt));
    }, session);
    for (const target of pages) {
      await page.goto(`${baseURL}${target.path}`);
      // Rows (or cards) have loaded once 'Loading...' is gone and the page stops changing.
      await page
        .getByText('Loading...')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => {});
      await page.waitForLoadState('networkidle');
      const figures = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        scrollHeight: document.documentElement.scrollHeight,
        elements: document.querySelectorAll('*').length,
        // The widest thing inside the page that scrolls sideways on its own (a table in its box).
        innerScrollWidth: Math.max(
          0,
          ...[...document.querySelectorAll('main *')]
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.scrollWidth),
        ),
      }));
      results.push({ role: account.role, page: target.name, ...figures });
      if (process.env.SCREENSHOTS) {
        await page.screenshot({
          path: `${process.env.SCREENSHOTS}/${account.role}-${target.path.split('/').pop()}.png`,
        });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.table(results);
