import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { chromium } from '@playwright/test';

const root = '/work/wt-messages';
const dataDir = '/tmp/messages/shots-data';
const port = 4306;
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@shots.test', ADMIN_PASSWORD: 'shots-pass-1', LOG_LEVEL: 'warn' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function start() {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 120; i++) { try { if ((await fetch(`${base}/api/health`)).ok) return child; } catch {} await sleep(500); }
  throw new Error('no start');
}
async function stop(child) { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); }
const login = async () => (await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@shots.test', password: 'shots-pass-1', role: 'admin' }) })).json());

rmSync(dataDir, { recursive: true, force: true });
let server = await start();
const session0 = await login();
await stop(server);
const db = await PGlite.create({ dataDir: `${dataDir}/pglite` });
const names = ['Aarav Kulkarni', 'Ananya Patil', 'Isha Joshi', 'Kabir Shah', 'Meera Rao', 'Rohan Deshpande', 'Sai Pawar', 'Tanvi Gokhale'];
await db.exec(`insert into exam_centres (center_id, center_name, college_name, capacity) values (1, 'Pune', 'Fergusson College', 500) on conflict do nothing;
insert into students (student_id, student_name, gender, dob, mother_name, address, pincode, email, student_no, parents_no,
  app_no, notification_no, standard, previous_year, school_college, pre_year_percent_bp, branch, exam_centre_id, exam_year,
  student_photo, payment_standard, total_paise, paid_paise, remaining_paise, due_date, created_by, counsellor, counsellor_branch)
select '26000' || lpad(g::text, 2, '0'), (array[${names.map((n) => `'${n}'`).join(',')}])[g], 'Female', date '2010-01-01', 'Mother', 'Address', '411005',
  'm@example.com', (9000000000 + g)::text, (9822000000 + g)::text, (9000000000 + g)::text, (9822000000 + g)::text,
  '10th', '9th', 'School', 8000, 'English', 1, 2027, repeat('a', 64), '10th', 585000, 200000, 385000,
  current_date - (g * 3), '${session0.uuid ?? session0.user?.uuid ?? session0.data?.uuid}'::uuid, 'Admin', 'Pune'
from generate_series(1, 8) g;
insert into message_consents (phone, opted_out, source, note) values ('9822000004', true, 'reply', 'Replied "STOP"');`);
await db.close();
server = await start();
const session = await login();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, baseURL: base });
  await page.goto('/login');
  await page.evaluate((value) => { localStorage.setItem('user', JSON.stringify(value)); localStorage.setItem('tokenExpiry', String(value.expiresAt)); }, session);
  await page.goto('/dashboard/messagetemplates');
  await page.getByRole('form', { name: 'Payment received' }).waitFor();
  await page.screenshot({ path: `/tmp/messages/shots/templates-${width}.png`, fullPage: false });
  await page.getByRole('form', { name: 'Payment received' }).getByLabel('English').fill('Dear parent, {studentNme} paid {amount}.');
  await page.getByRole('form', { name: 'Payment received' }).screenshot({ path: `/tmp/messages/shots/template-error-${width}.png` });
  await page.goto('/dashboard/messages');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('region', { name: 'Preview' }).waitFor();
  await page.screenshot({ path: `/tmp/messages/shots/preview-${width}.png`, fullPage: true });
  if (width === 1280) {
    await page.getByRole('button', { name: /^Send to/ }).click();
    await page.getByRole('region', { name: 'Sending' }).waitFor();
    await sleep(3000);
    await page.screenshot({ path: `/tmp/messages/shots/report-${width}.png`, fullPage: true });
  }
  await page.goto('/dashboard/studentedit?studentId=2600001');
  await page.getByRole('region', { name: 'Messages to the parent' }).waitFor();
  await sleep(1000);
  await page.getByRole('region', { name: 'Messages to the parent' }).screenshot({ path: `/tmp/messages/shots/student-${width}.png` });
  await page.close();
}
await browser.close();
await stop(server);
console.log('done');
