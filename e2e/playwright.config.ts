import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './fixtures/accounts';

const port = Number(process.env.E2E_PORT ?? 4173);
// The main process starts the server; workers load this file too and must not make data dirs.
const dataDir = process.env.TEST_WORKER_INDEX === undefined ? mkdtempSync(path.join(tmpdir(), 'e2e-data-')) : '';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests',
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that passes on its second try has found a bug. (The admin-page freeze that two
  // retries once hid was a render loop in DataTable; tests/dashboard/no-freeze.spec.ts guards it.)
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, launchOptions: chromium },
      grep: /@phone/,
    },
  ],
  // Started the way `npm start` starts the product: the built server on a fresh data dir.
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
