import { expect, signIn, test } from '../../fixtures/test';

test('five minutes before the end the session warns with the time left; after signing in again the user is back on the page with the draft', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor');
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  await signIn(page, { ...session, expiresAt: Date.now() + 4 * 60 * 1000 + 30 * 1000 });
  await page.goto('/dashboard/visiting');

  const warning = page.getByRole('region', { name: 'Session ending' });
  await expect(warning).toContainText(/Your session ends in 4:[0-3]\d\./);
  await page.getByLabel('Student Name', { exact: true }).fill('Kavya Joshi');
  // The draft is saved a second after the last edit.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('visitingDraft'))).toContain('Kavya Joshi');

  // The session runs out: the sign-in page, then straight back to the Visiting Form.
  await page.evaluate(() => localStorage.setItem('tokenExpiry', String(Date.now() + 1500)));
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await page.getByLabel('Email').fill(counsellor.email);
  await page.getByLabel('Password').fill(counsellor.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/visiting$/, { timeout: 5000 });
  await expect(page.getByRole('region', { name: 'Session ending' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Load Draft' }).click();
  await expect(page.getByLabel('Student Name', { exact: true })).toHaveValue('Kavya Joshi');
});

test('a fresh session shows no warning', async ({ page, api }) => {
  const teacher = await api.createStaff('teacher');
  await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Session ending' })).toHaveCount(0);
});

test('the warning stays in view on a long form, and "Stay signed in" renews the session without losing the typing @phone', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor');
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  await signIn(page, { ...session, expiresAt: Date.now() + 3 * 60 * 1000 });
  await page.goto('/dashboard/visiting');
  await page.getByLabel('Student Name', { exact: true }).fill('Kavya Joshi');

  // Scrolled to the end of the form, the warning is still on screen.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const warning = page.getByRole('region', { name: 'Session ending' });
  await expect(warning).toBeInViewport();

  const renewed = page.waitForResponse((response) => response.url().endsWith('/api/auth/renew'));
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  expect((await renewed).status()).toBe(200);
  await expect(warning).toHaveCount(0);
  const stored = await page.evaluate(() => ({
    token: JSON.parse(localStorage.getItem('user') ?? '{}').token,
    expiry: Number(localStorage.getItem('tokenExpiry')),
  }));
  expect(stored.token).not.toBe(session.token);
  expect(stored.expiry).toBeGreaterThan(Date.now() + 55 * 60 * 1000);
  // Still on the form, with what was typed, and the new token works.
  await expect(page.getByLabel('Student Name', { exact: true })).toHaveValue('Kavya Joshi');
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${stored.token}` } });
  expect(me.status()).toBe(200);
});
