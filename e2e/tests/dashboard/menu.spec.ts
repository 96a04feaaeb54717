import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

const menus = {
  admin: [
    'Home',
    'Subjects Details',
    'User Details',
    'Exam Centre',
    'Register Table',
    'Visiting Table',
    'Payment Table',
    'Book Entries',
    'Chalan',
    'Collection Entries',
    'Edit Student',
    'Marks Entry',
    'Exam Sessions',
    'Overdue Fees',
    'Activity',
  ],
  counsellor: [
    'Home',
    'Registration Form',
    'Visiting Form',
    'Register Table',
    'Visiting Table',
    'Payment Table',
    'Book Details',
    'Collection Details',
    'Overdue Fees',
  ],
  teacher: ['Home', 'Profile', 'Marks Entry'],
};

test.describe('the side menu', () => {
  for (const role of ['admin', 'counsellor', 'teacher'] as const) {
    test(`shows a ${role} the items of their role`, async ({ page, api }) => {
      const session =
        role === 'admin'
          ? await api.login(ADMIN.email, ADMIN.password, 'admin')
          : await (async () => {
              const staff = await api.createStaff(role);
              return api.login(staff.email, staff.password, role);
            })();
      await signIn(page, session);
      await page.goto('/dashboard/home');
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(nav.getByRole('link')).toHaveText(menus[role]);
    });
  }

  test('highlights the open section and hints Explore more for a few seconds', async ({ page, api }) => {
    const counsellor = await api.createStaff('counsellor', 'Priya Deshmukh');
    await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
    await page.goto('/dashboard/home');
    await expect(page.getByText('Welcome, Priya Deshmukh')).toBeVisible();
    await expect(page.getByText('Explore more')).toBeVisible();
    await expect(page.getByText('Explore more')).toBeHidden({ timeout: 5000 });
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Register Table' }).click();
    await expect(page).toHaveURL(/\/dashboard\/registertable$/);
    await expect(nav.getByRole('link', { name: 'Register Table' })).toHaveAttribute('aria-current', 'page');
  });

  test('on a phone the menu closes after an item is chosen @phone', async ({ page, api }) => {
    test.skip(test.info().project.name !== 'phone', 'phone layout only');
    const teacher = await api.createStaff('teacher');
    await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
    await page.goto('/dashboard/home');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(nav).toBeHidden();
  });
});
