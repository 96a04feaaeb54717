import { ADMIN } from '../../fixtures/accounts';
import { providerServer } from '../../fixtures/provider-server';
import { expect, signIn, test } from '../../fixtures/test';

/**
 * Issue 26's Send Messages screens with a provider: a server of its own (the suite's has none), on
 * PostgreSQL, sending through the stand-in WhatsApp provider, which refuses one parent's number. An admin
 * takes the overdue list, looks at who gets what, sends, watches the progress, reads the report of sent
 * and failed, and retries the failed; at 1280 and 360 px.
 */
const server = providerServer('messages', 0);
const shots = process.env.E2E_SHOTS;

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
  await server.query('update students set due_date = current_date - 5 where student_id = any($1)', [ids]);
  // Kabir's parent's number is refused by the provider once (an invalid number: failed at once).
  server.standIn.script(parents[2] as string, ['invalid']);

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
  const toParents = server.standIn.requests.filter((request) => parents.some((phone) => request.to === `91${phone}`));
  expect(toParents.map((request) => request.to).sort()).toEqual(
    [...parents.map((phone) => `91${phone}`), `91${parents[2]}`].sort(),
  );
  expect(server.standIn.duplicates()).toBe(0);
  if (shots) await page.screenshot({ path: `${shots}/send-messages-retried-${width}.png`, fullPage: true });
});
