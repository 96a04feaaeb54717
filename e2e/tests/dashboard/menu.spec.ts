import { menuFor } from '@app/domain/dashboard.rules';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

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
      // The domain's menu, which packages/domain holds to SPEC §6 item by item.
      await expect(nav.getByRole('link')).toHaveText(menuFor(role).map((section) => section.label));
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
