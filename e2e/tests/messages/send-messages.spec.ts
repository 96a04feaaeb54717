import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type StandIn, startStandIn } from '../../../apps/api/src/testing/stand-in-provider';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

/**
 * Issue 26's Send Messages screens with a provider: a server of its own (the suite's has none), on
 * PostgreSQL, sending through the stand-in WhatsApp provider, which refuses one parent's number. An admin
 * takes the overdue list, looks at who gets what, sends, watches the progress, reads the report of sent
 * and failed, and retries the failed; at 1280 and 360 px.
 */
// One server per worker (the desktop and phone runs may go side by side), each on a database of its own.
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = Number(process.env.E2E_PORT ?? 4173) + 100 + worker;
const base = `http://127.0.0.1:${port}`;
// The PostgreSQL server the API suite uses (`.ci/run` names it); a developer without one skips this spec.
const postgresServer = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const APP_SECRET = 'e2e-whatsapp-app-secret';
const shots = process.env.E2E_SHOTS;

test.use({ baseURL: base });
test.skip(
  !postgresServer && !process.env.CI,
  'Set TEST_DATABASE_URL to a PostgreSQL server to run the Send Messages spec',
);
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let standIn: StandIn;
let dataDir: string;
const database = `e2e_messages_${Date.now().toString(36)}_${worker}`;
const databaseUrl = (() => {
  if (!postgresServer) return '';
  const url = new URL(postgresServer);
  url.pathname = `/${database}`;
  return url.toString();
})();

async function onServer(sql: string, values: unknown[] = [], url = postgresServer) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await onServer(`create database ${database}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-messages-'));
  standIn = await startStandIn({
    token: 'e2e-token',
    appSecret: APP_SECRET,
    webhookUrl: `${base}/api/public/messages/whatsapp`,
  });
  server = spawn(process.execPath, [path.join(import.meta.dirname, '../../../apps/api/dist/server.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'e2e-messages-secret-e2e-messages-secret-42',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WHATSAPP_TOKEN: 'e2e-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_API_URL: `${standIn.url}/v21.0`,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_RATE_PER_SECOND: '50',
    },
  });
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (tries > 240 || server.exitCode !== null) throw new Error('the messages server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  server?.kill();
  if (server && server.exitCode === null) await new Promise((resolve) => server?.once('exit', resolve));
  await standIn?.close();
  await onServer(`drop database if exists ${database} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

test('an admin sends the overdue reminder, reads the report and retries the failed @phone', async ({ page, api }) => {
  test.setTimeout(120_000);
  const counsellor = await api.createStaff('counsellor');
  const parents = ['9822110001', '9822110002', '9822110003'];
  const names = ['Aarav Joshi', 'Ishita Patil', 'Kabir Shinde'];
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const studentId = await api.registerStudent(counsellor, name, { amountPaid: 2000, parentsNo: parents[i] });
    await api.recordPaperConsent(counsellor, studentId);
    ids.push(studentId);
  }
  // No request moves a due date into the past (the server's clock is the real one): the instalments
  // fall due five days ago here, directly in this server's own database.
  await onServer('update students set due_date = current_date - 5 where student_id = any($1)', [ids], databaseUrl);
  // Kabir's parent's number is refused by the provider once (an invalid number: failed at once).
  standIn.script(parents[2] as string, ['invalid']);

  const width = test.info().project.name === 'phone' ? 360 : 1280;
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  // From the overdue list: its three students, and the way to remind their parents.
  await page.goto('/dashboard/overdue');
  for (const name of names) {
    await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(1);
  }
  if (shots) await page.screenshot({ path: `${shots}/overdue-list-${width}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Send a reminder' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('instalment_overdue');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('overdue');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('3 students: 3 will receive a message, 0 will not. Sent by WhatsApp.');
  for (const [i, name] of names.entries()) {
    const item = preview.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(parents[i] as string);
    await expect(item).toContainText(
      new RegExp(`the instalment of ₹5,900 for ${name} was due on .+ and is \\d+ days overdue`),
    );
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots) await page.screenshot({ path: `${shots}/send-messages-preview-${width}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Send to 3' }).click();
  const sending = page.getByRole('region', { name: 'Sending' });
  await expect(sending.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: 20_000,
  });
  const count = (label: string) => sending.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(count('Sent')).toContainText('2');
  await expect(count('Failed')).toContainText('1');
  const failed = sending.getByRole('listitem').filter({ hasText: 'Kabir Shinde' });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('131026');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots) await page.screenshot({ path: `${shots}/send-messages-report-${width}.png`, fullPage: true });

  await sending.getByRole('button', { name: 'Retry the failed' }).click();
  await expect(count('Sent')).toContainText('3', { timeout: 20_000 });
  await expect(count('Failed')).toContainText('0');
  await expect(sending.getByRole('button', { name: 'Retry the failed' })).toHaveCount(0);
  // The report in Recent jobs agrees; the provider took each parent's message once.
  await expect(page.getByRole('region', { name: 'Recent jobs' })).toContainText('3 students · 3 sent · 0 failed');
  const toParents = standIn.requests.filter((request) => parents.some((phone) => request.to === `91${phone}`));
  expect(toParents.map((request) => request.to).sort()).toEqual(
    [...parents.map((phone) => `91${phone}`), `91${parents[2]}`].sort(),
  );
  expect(standIn.duplicates()).toBe(0);
  if (shots) await page.screenshot({ path: `${shots}/send-messages-retried-${width}.png`, fullPage: true });
});
