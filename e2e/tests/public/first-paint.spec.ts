import type { Page, Route } from '@playwright/test';
import { ADMIN } from '../../fixtures/accounts';
import { expect, test } from '../../fixtures/test';

/**
 * Holds back the app's entry script (src/app-boot.ts requests it after the first paint) until
 * `release()`. Pages are then opened up to DOMContentLoaded: their load event waits for that script.
 */
async function holdApp(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const appHasStarted = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-first-paint'));

test('the login page is in its HTML; what is typed and submitted before the app starts signs in', async ({ page }) => {
  const app = await holdApp(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveTitle(/^Login \|/);
  await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Select Role').selectOption('admin');
  // Submitting the static copy sends nothing (the password never goes into the address); the app
  // submits it once it has started.
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  app.release();
  await appHasStarted(page);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 5000 });
});

// Reads the flags (off): holds flagsLock so no other test switches them meanwhile.
test('the hall-ticket and result pages show their status from the HTML, with no spinner after it', async ({
  page,
  flagsLock: _flagsLock,
}) => {
  for (const [path, status] of [
    ['/hallticket', 'Hall Ticket not generated yet'],
    ['/result', 'Result not declared yet'],
  ] as const) {
    const app = await holdApp(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: status })).toBeVisible();
    // From here on the status never gives way to a loading state.
    await page.evaluate(() => {
      const seen = { spinner: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')) seen.spinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    app.release();
    await appHasStarted(page);
    await expect(page.getByRole('heading', { name: status })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seen: { spinner: boolean } }).seen.spinner)).toBe(false);
    await page.unrouteAll();
  }
});
