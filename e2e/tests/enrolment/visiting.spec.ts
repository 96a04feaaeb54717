import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('a counsellor records an enquiry, finds it in the Visiting Table, and an admin sees whose it is', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor', `Meera Joshi ${Date.now() % 10000}`);
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/visiting');
  const studentNo = `97${String(Date.now()).slice(-8)}`;

  await page.getByLabel('Student Name', { exact: true }).fill('Omkar Pawar');
  await page.getByLabel('Gender', { exact: true }).selectOption('Male');
  await page.getByLabel('Date of Birth', { exact: true }).fill('2010-04-12');
  await page.getByLabel('Address', { exact: true }).fill('22, Karve Road, Pune');
  await page.getByLabel('Pincode', { exact: true }).fill('411004');
  await page.getByLabel('Standard', { exact: true }).selectOption('11th+12th');
  await expect(page.getByLabel('Previous Year', { exact: true })).toHaveValue('10th');
  await page.getByLabel('Group', { exact: true }).selectOption('PCB');
  await page.getByLabel('School / College', { exact: true }).fill('Fergusson College');
  await page.getByLabel('Previous Year Percentage', { exact: true }).fill('88.40');
  await page.getByLabel('Email', { exact: true }).fill('omkar@example.com');
  await page.getByLabel('Student Number', { exact: true }).fill(studentNo);
  await page.getByLabel('Parent Number', { exact: true }).fill('9822011223');
  await page.getByLabel('Notification Number', { exact: true }).selectOption(studentNo);
  await page.getByLabel('Demo Given', { exact: true }).selectOption('YES');
  await page.getByLabel('Reason', { exact: true }).selectOption('Other');
  await page.getByLabel('Other Reason', { exact: true }).fill('Wants a weekend batch');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/dashboard\/visitingtable$/);
  const row = page.getByRole('region', { name: 'Visiting records' }).getByRole('row').filter({ hasText: studentNo });
  await expect(row).toContainText('Omkar Pawar');
  await expect(row).toContainText('PCB');
  await row.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: 'Visiting Form Details' });
  await expect(details).toContainText('Wants a weekend batch');
  await expect(details).toContainText('12/04/2010');

  // The same student number and standard again is refused with the server's message.
  await page.goto('/dashboard/visiting');
  await page.getByLabel('Student Name', { exact: true }).fill('Omkar Pawar');
  await page.getByLabel('Gender', { exact: true }).selectOption('Male');
  await page.getByLabel('Date of Birth', { exact: true }).fill('2010-04-12');
  await page.getByLabel('Address', { exact: true }).fill('22, Karve Road, Pune');
  await page.getByLabel('Pincode', { exact: true }).fill('411004');
  await page.getByLabel('Standard', { exact: true }).selectOption('11th+12th');
  await page.getByLabel('Group', { exact: true }).selectOption('PCB');
  await page.getByLabel('School / College', { exact: true }).fill('Fergusson College');
  await page.getByLabel('Previous Year Percentage', { exact: true }).fill('88.40');
  await page.getByLabel('Email', { exact: true }).fill('omkar@example.com');
  await page.getByLabel('Student Number', { exact: true }).fill(studentNo);
  await page.getByLabel('Parent Number', { exact: true }).fill('9822011223');
  await page.getByLabel('Notification Number', { exact: true }).selectOption(studentNo);
  await page.getByLabel('Demo Given', { exact: true }).selectOption('NO');
  await page.getByLabel('Reason', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('An enquiry for this student number and standard is already recorded')).toBeVisible();

  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/visitingtable');
  const adminRow = page
    .getByRole('region', { name: 'Visiting records' })
    .getByRole('row')
    .filter({ hasText: studentNo });
  await expect(adminRow).toContainText(counsellor.name);
});
