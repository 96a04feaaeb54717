import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test.describe('User Management', () => {
  test.beforeEach(async ({ page, api }) => {
    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  });

  test('an admin adds a counsellor, with the form checking passwords live', async ({ page, api }) => {
    await page.goto('/dashboard/user');
    await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Add User' }).click();

    const email = `new-${Date.now()}@e2e.test`;
    await page.getByLabel('Name').fill('Rahul Patil');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('counsellor');
    await page.getByLabel('Contact Number').fill('9881054321');
    await page.getByLabel('Branch').fill('Nashik - College Road');
    await page.getByLabel('Commission (%)').fill('12.5');
    await page.getByLabel('Date of Birth').fill('1990-08-14');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Re-enter Password').fill('secret13');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Re-enter Password').fill('secret12');
    await expect(page.getByText('Passwords do not match')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create User' }).click();

    await expect(page.getByText('User registered successfully')).toBeVisible();
    const row = page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Rahul Patil');
    await expect(row).toContainText('COUNSELLOR');
    await expect(row).toContainText('Nashik - College Road');
    // The date of birth gives way on a narrow laptop (the table fits its box): then the row opens to show it.
    const opener = row.getByRole('button', { name: 'Details of Rahul Patil' });
    if ((await opener.count()) > 0) {
      await opener.click();
      await expect(page.getByRole('region', { name: 'Details of Rahul Patil' })).toContainText('14/08/1990');
    } else await expect(row).toContainText('14/08/1990');
    await expect(api.login(email, 'secret12', 'counsellor')).resolves.toMatchObject({ role: 'counsellor' });
  });

  test('a duplicate email shows the server message', async ({ page, api }) => {
    const existing = await api.createStaff('teacher');
    await page.goto('/dashboard/user');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Role').selectOption('teacher');
    await page.getByLabel('Contact Number').fill('9881054321');
    await page.getByLabel('Date of Birth').fill('1990-08-14');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Re-enter Password').fill('secret12');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('A user with this email already exists')).toBeVisible();
  });

  test('an admin deactivates and reactivates a user, who cannot sign in meanwhile', async ({ page, api }) => {
    const teacher = await api.createStaff('teacher');
    await page.goto('/dashboard/user');
    const row = page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: teacher.email });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
    await expect(api.login(teacher.email, teacher.password, 'teacher')).rejects.toThrow(/401/);
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible();
    await expect(api.login(teacher.email, teacher.password, 'teacher')).resolves.toMatchObject({ role: 'teacher' });
  });

  test("an admin's own row cannot be deactivated", async ({ page }) => {
    await page.goto('/dashboard/user');
    const row = page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: ADMIN.email });
    const button = row.getByRole('button', { name: /^Deactivate/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleName('Deactivate (You cannot deactivate your own account)');
  });

  test('an admin changes a password through the modal', async ({ page, api }) => {
    const counsellor = await api.createStaff('counsellor');
    await page.goto('/dashboard/user');
    const row = page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: counsellor.email });
    await row.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('New Password').fill('newpass1');
    await dialog.getByLabel('Re-enter Password').fill('newpass2');
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await dialog.getByLabel('Re-enter Password').fill('newpass1');
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Password changed!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(api.login(counsellor.email, 'newpass1', 'counsellor')).resolves.toMatchObject({ role: 'counsellor' });
  });

  test('the table scrolls sideways on a phone rather than spilling off the page @phone', async ({ page }) => {
    test.skip(test.info().project.name !== 'phone', 'phone layout only');
    await page.goto('/dashboard/user');
    await expect(page.getByRole('region', { name: 'Users' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
