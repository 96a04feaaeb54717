import type { Page } from '@playwright/test';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

/** Fills the Visiting Form for an 11th+12th PCB student with this number. */
async function fillEnquiry(
  page: Page,
  studentNo: string,
  reason: { option: string | { index: number }; other?: string },
) {
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await label('Student Name').fill('Omkar Pawar');
  await label('Gender').selectOption('Male');
  await label('Date of Birth').fill('2010-04-12');
  await label('Address').fill('22, Karve Road, Pune');
  await label('Pincode').fill('411004');
  await label('Standard').selectOption('11th+12th');
  await expect(label('Previous Year')).toHaveValue('10th');
  await label('Group').selectOption('PCB');
  await label('School / College').fill('Fergusson College');
  await label('Previous Year Percentage').fill('88.40');
  await label('Email').fill('omkar@example.com');
  await label('Student Number').fill(studentNo);
  await label('Parent Number').fill('9822011223');
  await label('Notification Number').selectOption(studentNo);
  await label('Demo Given').selectOption('YES');
  await label('Reason').selectOption(reason.option);
  if (reason.other) await label('Other Reason').fill(reason.other);
}

test('a counsellor records an enquiry, finds it in the Visiting Table, and an admin sees whose it is', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor', `Meera Joshi ${Date.now() % 10000}`);
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/visiting');
  const studentNo = `97${String(Date.now()).slice(-8)}`;
  await fillEnquiry(page, studentNo, { option: 'Other', other: 'Wants a weekend batch' });
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
  await fillEnquiry(page, studentNo, { option: { index: 1 } });
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
