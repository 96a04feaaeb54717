import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

const shots = process.env.E2E_SHOTS;

test('an admin withdraws a student, finds them only with Show withdrawn, and makes them active again @phone', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(90_000);
  const width = page.viewportSize()?.width ?? 0;
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Withdraw Test Student');
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));

  await page.goto(`/dashboard/studentedit?studentId=${studentId}`);
  await expect(page.getByText('Student Found: Withdraw Test Student')).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Active', { exact: true })).toBeVisible();
  await status.getByRole('button', { name: 'Withdraw' }).click();
  const form = status.getByRole('form', { name: 'Withdraw student' });
  // The reason is asked for; Other asks for the words.
  await form.getByRole('button', { name: 'Withdraw Student' }).click();
  await expect(form.getByText('Choose why the student is withdrawn')).toBeVisible();
  await form.getByLabel('Reason').selectOption('Other');
  await form.getByRole('button', { name: 'Withdraw Student' }).click();
  await expect(form.getByText('Write the reason')).toBeVisible();
  await form.getByLabel('Other reason').fill('Family moved abroad');
  await form.getByRole('button', { name: 'Withdraw Student' }).click();
  await expect(status.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(status).toContainText('Family moved abroad');
  const history = page.getByRole('region', { name: `Change history of ${studentId}` });
  await expect(history).toContainText('Student withdrawn: Family moved abroad');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots)
    await page.screenshot({ path: `${shots}/withdraw-edit-${testInfo.project.name}-${width}.png`, fullPage: true });

  // The Register Table leaves them out until Show withdrawn is ticked; then a badge says so.
  await page.goto('/dashboard/registertable');
  await page.getByLabel('Search').fill(studentId);
  await expect(page.getByText('No registrations found')).toBeVisible();
  await page.getByLabel('Show withdrawn').check();
  const list = page
    .getByRole('region', { name: 'Registrations' })
    .or(page.getByRole('table', { name: 'Registrations' }));
  await expect(list.first()).toContainText('Withdraw Test Student');
  // The search has applied: this student alone, with the badge.
  await expect(page.getByText(/(^|\D)1 student$/)).toBeVisible();
  await expect(page.getByText('Withdrawn', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots)
    await page.screenshot({ path: `${shots}/withdraw-table-${testInfo.project.name}-${width}.png`, fullPage: true });

  // Made active again: back in the history, in words.
  await page.goto(`/dashboard/studentedit?studentId=${studentId}`);
  await page.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Make Active' }).click();
  await expect(page.getByRole('region', { name: 'Status' }).getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: `Change history of ${studentId}` })).toContainText(
    'Student made active',
  );
});
