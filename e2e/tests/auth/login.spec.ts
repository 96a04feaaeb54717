import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test.describe('signing in', () => {
  test('an admin signs in, sees the success toast, and lands on the dashboard 2 s later', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Select Role')).toHaveValue('counsellor');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Select Role').selectOption('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/dashboard\/home$/, { timeout: 5000 });
    await expect(page.getByText('Admin Controls')).toBeVisible();
    const stored = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      expiry: localStorage.getItem('tokenExpiry'),
    }));
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ role: 'admin', email: ADMIN.email });
    expect(Number(stored.expiry)).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  test('a wrong password shows the server message in an error toast that goes after 3 s', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('Select Role').selectOption('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByText('Invalid email or password');
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 5000 });
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a counsellor cannot sign in with the admin role', async ({ page, api }) => {
    const counsellor = await api.createStaff('counsellor');
    await page.goto('/login');
    await page.getByLabel('Email').fill(counsellor.email);
    await page.getByLabel('Password').fill(counsellor.password);
    await page.getByLabel('Select Role').selectOption('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('This account cannot sign in with the selected role')).toBeVisible();
  });

  test('a signed-in user who opens /login is sent to the dashboard', async ({ page, api }) => {
    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  });

  test('Logout ends the session and goes to the home page', async ({ page, api }) => {
    const teacher = await api.createStaff('teacher');
    await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
    await page.goto('/dashboard');
    // A teacher's work is Marks Entry: /dashboard leads there (landingSectionOf).
    await expect(page).toHaveURL(/\/dashboard\/marks$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('tokenExpiry')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/dashboard/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sessions', () => {
  test('a stored session past its expiry is not restored', async ({ page, api }) => {
    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
    await page.evaluate(() => localStorage.setItem('tokenExpiry', String(Date.now() - 1000)));
    await page.goto('/dashboard/home');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('the app signs out by itself once the hour has passed', async ({ page, api }) => {
    await page.clock.install();
    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
    await page.goto('/dashboard/home');
    await expect(page.getByText('Admin Controls')).toBeVisible();
    await page.clock.fastForward('01:01:00');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session the server no longer accepts sends the user to /login', async ({ page, api }) => {
    const teacher = await api.createStaff('teacher');
    await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
    // The admin deactivates the teacher; the teacher's next request is refused.
    await fetch(`${test.info().project.use.baseURL}/api/admin/deleteUser/${teacher.uuid}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await api.asAdmin()}` },
    });
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('guards', () => {
  test('signed out, every dashboard route leads to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/dashboard/home', '/dashboard/user', '/dashboard/register']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });

  test('a route outside the role is refused: a counsellor does not reach User Details', async ({ page, api }) => {
    const counsellor = await api.createStaff('counsellor');
    await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
    await page.goto('/dashboard/user');
    await expect(page).not.toHaveURL(/\/dashboard\/user$/);
    await expect(page.getByRole('heading', { name: 'User Details' })).toHaveCount(0);
  });
});
