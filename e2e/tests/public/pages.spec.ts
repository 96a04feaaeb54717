import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('an unknown path shows the not-found page with its three buttons', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
  for (const name of ['Go Back', 'Home', 'Refresh']) await expect(page.getByRole('button', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the public home page renders with its Login button @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
});

// Flags are shared by the whole server: a test that switches them holds flagsLock from start to end.
test('the Admin Controls switches turn the hall ticket and result pages on and off', async ({
  page,
  api,
  flagsLock: _flagsLock,
}) => {
  await page.goto('/hallticket');
  await expect(page.getByText('Hall Ticket not generated yet')).toBeVisible();
  await expect(page.getByText('Your hall ticket will be available here once released.')).toBeVisible();
  await page.goto('/result');
  await expect(page.getByText('Result not declared yet')).toBeVisible();
  await expect(page.getByText('Please check back later for your result.')).toBeVisible();

  // Releasing hall tickets needs a timetable for each paper set with students (other tests register some).
  await api.publishTimetables();
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  // Declaring results while other tests' students have no marks asks first: this admin confirms.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/dashboard/home');
  const hallTicket = page.getByRole('switch', { name: 'Hall Ticket' });
  const result = page.getByRole('switch', { name: 'Result Declared' });
  await expect(hallTicket).toHaveAttribute('aria-checked', 'false');
  await hallTicket.click();
  await expect(hallTicket).toHaveAttribute('aria-checked', 'true');
  await result.click();
  await expect(result).toHaveAttribute('aria-checked', 'true');

  await page.goto('/hallticket');
  await expect(page.getByText('Hall Ticket not generated yet')).toHaveCount(0);
  await page.goto('/result');
  await expect(page.getByText('Result not declared yet')).toHaveCount(0);

  await page.goto('/dashboard/home');
  await page.getByRole('switch', { name: 'Hall Ticket' }).click();
  await expect(page.getByRole('switch', { name: 'Hall Ticket' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('switch', { name: 'Result Declared' }).click();
  await expect(page.getByRole('switch', { name: 'Result Declared' })).toHaveAttribute('aria-checked', 'false');
  await page.goto('/hallticket');
  await expect(page.getByText('Hall Ticket not generated yet')).toBeVisible();
});
