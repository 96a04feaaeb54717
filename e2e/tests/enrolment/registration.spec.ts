import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

const label = (page: import('@playwright/test').Page, name: string) => page.getByLabel(name, { exact: true });

test('a counsellor registers a student with two photos and a restored draft, then opens the PDF; an admin sees whose student it is', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  // A centre of this test's own, so its seat count is known.
  const centreId = 100 + Math.floor(Math.random() * 8000);
  await fetch(`${test.info().project.use.baseURL}/api/admin/addCenter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` },
    body: JSON.stringify({
      centerId: centreId,
      centerName: `Nashik ${centreId}`,
      collegeName: 'HPT College',
      capicity: 50,
    }),
  });
  const counsellor = await api.createStaff('counsellor', `Sneha Kulkarni ${centreId}`);
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/register');

  const studentNo = `98${String(Date.now()).slice(-8)}`;
  await label(page, 'Student Name').fill('Gauri Shinde');
  await label(page, 'Gender').selectOption('Female');
  await label(page, 'Date of Birth').fill('2010-08-21');
  await label(page, 'Mother Name').fill('Vaishali Shinde');
  await label(page, 'Address').fill('7, College Road, Nashik');
  await label(page, 'Pincode').fill('422005');
  await label(page, 'Standard').selectOption('10th');
  await expect(label(page, 'Previous Year')).toHaveValue('9th');
  // The draft is saved a second after typing; a reload offers it back.
  await page.waitForTimeout(1500);
  await page.reload();
  await page.getByRole('button', { name: 'Load Draft' }).click();
  await expect(page.getByText('Draft data loaded successfully!')).toBeVisible();
  await expect(label(page, 'Student Name')).toHaveValue('Gauri Shinde');
  await expect(label(page, 'Standard')).toHaveValue('10th');

  await label(page, 'Medium').selectOption('English');
  await label(page, 'School / College').fill('Modern High School');
  await label(page, 'Previous Year Percentage').fill('91.25');
  await label(page, 'Email').fill('gauri@example.com');
  await label(page, 'Student Number').fill(studentNo);
  await label(page, 'Parent Number').fill('9822033445');
  await label(page, 'App Number').selectOption(studentNo);
  await label(page, 'Notification Number').selectOption('9822033445');
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(`Nashik ${centreId}`);
  await page.getByRole('option', { name: new RegExp(`Nashik ${centreId}`) }).click();
  await expect(label(page, 'Total Amount')).toHaveValue('₹5,850');
  await label(page, 'Amount Paid').fill('6000');
  await expect(page.getByText('Amount paid cannot be greater than total amount')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Student' })).toHaveCount(0);
  await label(page, 'Amount Paid').fill('2500');
  await expect(label(page, 'Amount Remaining')).toHaveValue('₹3,350');
  await label(page, 'Receipt Book No.').fill('7781');
  await label(page, 'Payment Mode').selectOption('Online');
  const due = new Date(Date.now() + 45 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await label(page, 'Due Date').fill(due);

  // Submit waits for both photos.
  await expect(page.getByText('Please upload and save the student photo')).toBeVisible();
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  const done = page.getByRole('region', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await expect(done).toContainText(/Receipt number:\s*\d{4}-\d{2}\/\d{6}/);
  await expect(done.getByRole('button', { name: 'Share Receipt' })).toBeVisible();
  await expect(done.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/919822033445\?text=/,
  );
  await done.getByRole('link', { name: 'Go to Register Table' }).click();
  await expect(page).toHaveURL(/\/dashboard\/registertable$/);

  const row = page.getByRole('region', { name: 'Registrations' }).getByRole('row').filter({ hasText: 'Gauri Shinde' });
  // Columns give way at 1280 px; the row opens to show them, so the centre is in the row or under it.
  await row.getByRole('button', { name: 'Details of Gauri Shinde' }).click();
  await expect(page.getByRole('region', { name: 'Registrations' })).toContainText(`Nashik ${centreId}`);
  await expect(row).toContainText('₹5,850');
  await expect(row).toContainText('₹2,500');
  await expect(row).toContainText('₹3,350');
  // Columns give way on narrower screens, so the ID is found by its shape, not its position.
  const studentId =
    (
      await row
        .getByRole('cell')
        .filter({ hasText: /^\s*\d{7}\s*$/ })
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(studentId).toMatch(/^\d{7}$/);

  await row.getByRole('button', { name: /^PDF of Gauri Shinde/ }).click();
  const viewer = page.getByRole('dialog', { name: 'PDF Preview - Gauri Shinde' });
  await expect(viewer).toContainText(`Registration_${studentId}.pdf`);
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await viewer.getByRole('button', { name: 'Close' }).last().click();
  await expect(viewer).toBeHidden();

  // The admin, on a computer of their own (a browser context of its own).
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await adminPage.goto('/dashboard/registertable');
  await adminPage.getByLabel('Search').fill(studentId);
  const adminRow = adminPage
    .getByRole('region', { name: 'Registrations' })
    .getByRole('row')
    .filter({ hasText: studentId });
  await expect(adminRow).toContainText(counsellor.name);
  await expect(adminRow).toContainText('Pune - Kothrud');
  await adminContext.close();
});
