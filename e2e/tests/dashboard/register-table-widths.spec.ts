import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

const shots = process.env.E2E_SHOTS;

/**
 * The box of a locator lies inside the window: seen without scrolling sideways. Once the columns have
 * settled: after the window narrows, the table gives up one lesser column per frame until it fits.
 */
async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    const box = await locator.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box, 'on the page').not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 5000 });
}

/** The table region neither scrolls sideways nor makes the page do so (once the columns have settled). */
async function expectNoSidewaysScroll(page: Page, table: Locator): Promise<void> {
  await expect(async () => {
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  }).toPass({ timeout: 5000 });
}

test('on every laptop width a row of the Register Table shows its actions, and the admin sees whose student it is', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor', `Counsellor Shubhangi Deshpande ${Date.now() % 1000}`);
  const name = `Aishwarya Kulkarni ${Date.now() % 100000}`;
  const studentId = await api.registerStudent(counsellor, name, { amountPaid: 2000 });

  const sessions = {
    counsellor: await api.login(counsellor.email, counsellor.password, 'counsellor'),
    admin: await api.login(ADMIN.email, ADMIN.password, 'admin'),
  };
  for (const role of ['counsellor', 'admin'] as const) {
    await signIn(page, sessions[role]);
    for (const width of [1920, 1440, 1280]) {
      // Narrowed in place, as a window is: the columns give way without a reload.
      await page.setViewportSize({ width, height: 800 });
      if (width === 1920) {
        await page.goto('/dashboard/registertable');
        await page.getByLabel('Search').fill(studentId);
      }
      const table = page.getByRole('region', { name: 'Registrations' });
      const row = table.getByRole('row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expectInsideWindow(page, row.getByRole('button', { name: `PDF of ${name} (${studentId})` }));
      if (role === 'counsellor') {
        await expectInsideWindow(page, row.getByRole('button', { name: `Make Payment for ${name} (${studentId})` }));
      } else {
        await expectInsideWindow(page, row.getByRole('link', { name: `Edit ${name} (${studentId})` }));
        // SPEC §2: the admin sees the Counsellor and Branch columns.
        await expectInsideWindow(page, table.getByRole('columnheader', { name: 'Counsellor' }));
        await expectInsideWindow(page, table.getByRole('columnheader', { name: 'Branch', exact: true }));
        await expect(row).toContainText(counsellor.name);
        await expect(row).toContainText('Pune - Kothrud');
      }
      await expectNoSidewaysScroll(page, table);
      if (shots) await page.screenshot({ path: `${shots}/register-table-${role}-${width}.png` });
    }

    // At 1280 px some columns gave way: the row opens to show them, the parent's number among them.
    const details = page.getByRole('region', { name: `Details of ${name}` });
    await page.getByRole('button', { name: `Details of ${name}` }).click();
    await expect(details).toContainText('Parent No.');
    await expect(details).toContainText('9822000000');
    await page.getByRole('button', { name: `Details of ${name}` }).click();
    await expect(details).toBeHidden();
  }
});

test('on a phone the card of a registration opens the fields it leaves out @phone', async ({ page, api }) => {
  test.skip(test.info().project.name !== 'phone', 'phone layout only');
  const counsellor = await api.createStaff('counsellor');
  const name = `Vaishnavi Pawar ${Date.now() % 100000}`;
  await api.registerStudent(counsellor, name, { amountPaid: 2000 });
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/registertable');
  await expectInsideWindow(page, page.getByRole('button', { name: new RegExp(`^Make Payment for ${name}`) }));
  const details = page.getByRole('region', { name: `Details of ${name}` });
  await expect(details).toBeHidden();
  await page.getByText('More details').click();
  await expect(details).toContainText('Parent No.');
  await expect(details).toContainText('9822000000');
});
