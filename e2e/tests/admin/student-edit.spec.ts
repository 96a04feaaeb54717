import sharp from 'sharp';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test("an admin edits a student's details and photo and sees the history", async ({ page, api }) => {
  test.setTimeout(90_000);
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Edit Test Student');
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));

  // From the Register Table's row.
  await page.goto('/dashboard/registertable');
  await page.getByLabel('Search').fill(studentId);
  await page
    .getByRole('link', { name: `Edit Edit Test Student (${studentId})` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/studentedit\?studentId=/);
  await expect(page.getByText('Student Found: Edit Test Student')).toBeVisible();

  // Details: the notice without a centre, then a corrected name.
  await page.getByRole('button', { name: 'Edit Other Details' }).click();
  const form = page.getByRole('form', { name: 'Edit Other Details' });
  await expect(form.getByLabel('Standard')).toHaveValue('12th');
  await form.getByRole('button', { name: 'Clear Exam Centre' }).click();
  await expect(form.getByText('Please select an Exam Centre to update details')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Update Details' })).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('listbox', { name: 'Exam centres' }).getByRole('option').nth(1).click();
  await form.getByLabel('Student Name').fill('Edit Test Student Corrected');
  await form.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Student details updated successfully!')).toBeVisible();
  const history = page.getByRole('region', { name: `Change history of ${studentId}` });
  await expect(history).toContainText('Student name: Edit Test Student → Edit Test Student Corrected');

  // Photo: save first, then Update Photo.
  await page.getByLabel('Student ID').fill(studentId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Student Found: Edit Test Student Corrected')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Student Photo' }).click();
  const uploader = page.getByRole('group', { name: 'Select New Student Photo' });
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 20, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();
  await uploader
    .locator('input[type="file"]')
    .setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Photo Comparison & Update')).toBeVisible();
  await expect(page.getByText('Please upload and save the new photo first')).toBeVisible();
  await uploader.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Update Photo' }).click();
  await expect(page.getByText('Student photo updated successfully!')).toBeVisible();
  await expect(history).toContainText('Photo');

  // An unknown ID is an expected answer: the screen says so, nothing is logged as an error.
  await page.getByLabel('Student ID').fill('2699999');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Student not found with this ID')).toBeVisible();

  // Search Another Student starts over.
  await page.getByLabel('Student ID').fill(studentId);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Search Another Student' }).click();
  await expect(page.getByLabel('Student ID')).toHaveValue('');
  await expect(page.getByText(/Student Found/)).toHaveCount(0);
});
