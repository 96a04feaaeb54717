// Runs the Playwright suite against Debian's Chromium. Without a browser the suite is skipped
// on a developer's machine, and fails under CI=true: end-to-end tests are required there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  const hint = 'Install it with: apt-get install -y chromium fonts-noto-core';
  if (process.env.CI) {
    console.error(`End-to-end tests need Chromium at ${chromiumPath}. ${hint}`);
    process.exit(1);
  }
  console.warn(`Skipping end-to-end tests: no Chromium at ${chromiumPath}. ${hint}`);
  process.exit(0);
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
