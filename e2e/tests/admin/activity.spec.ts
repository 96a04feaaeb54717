import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

// Centre IDs are shared by the whole server: each run picks its own.
const centreId = 1000 + Math.floor(Math.random() * 8000);
const code = String(centreId).padStart(4, '0');

test("an admin changes a flag and a centre's capacity and sees both in Activity", async ({
  page,
  api,
  flagsLock: _flagsLock,
}) => {
  const token = await api.asAdmin();
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  const response = await page.request.post('/api/admin/addCenter', {
    headers: { authorization: `Bearer ${token}` },
    data: { centerId: centreId, centerName: 'Activity Centre', collegeName: 'Fergusson College', capicity: 300 },
  });
  expect(response.status()).toBe(201);

  // The flag, switched on the Home screen (and back at the end: other tests read it). Declaring results
  // while other tests' students have no marks asks first: this admin confirms.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/dashboard/home');
  const result = page.getByRole('switch', { name: 'Result Declared' });
  await expect(result).toBeEnabled();
  const wasOn = (await result.getAttribute('aria-checked')) === 'true';
  await result.click();
  await expect(result).toHaveAttribute('aria-checked', wasOn ? 'false' : 'true');

  // The capacity, changed on the Exam Centre screen.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Exam Centre' }).click();
  const row = page.getByRole('region', { name: 'Exam centres' }).getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(`Capacity of centre ${code}`).fill('350');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Centre details updated!')).toBeVisible();

  // Both, in words, in Activity.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  const activity = page.getByRole('region', { name: 'Activity' });
  const centreEntry = activity
    .getByRole('row')
    .filter({ hasText: `Administrator (Admin) changed Exam centre ${centreId} (Activity Centre)` });
  await expect(centreEntry).toContainText('Capacity: 300 → 350');
  // The switch releases the results of the exam session open for registration.
  const flagEntry = activity
    .getByRole('row')
    .filter({ hasText: /Administrator \(Admin\) changed Exam session \d+ \(.+\)/ })
    .filter({ hasText: 'Results released' })
    .first();
  await expect(flagEntry).toContainText(wasOn ? 'Results released: Yes → No' : 'Results released: No → Yes');
  await expect(activity).not.toContainText('{');

  // One filter away: only exam centres.
  await page.getByLabel('Record').selectOption({ label: 'Exam centre' });
  await expect(page).toHaveURL(/entity=centre/);
  await expect(centreEntry).toBeVisible();
  await expect(activity.getByText('changed Exam session')).toHaveCount(0);

  // Only this admin's changes of today: still there.
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: /Administrator/ }).click();
  await expect(centreEntry).toBeVisible();

  await page.goto('/dashboard/home');
  await page.getByRole('switch', { name: 'Result Declared' }).click();
  await expect(page.getByRole('switch', { name: 'Result Declared' })).toHaveAttribute(
    'aria-checked',
    wasOn ? 'true' : 'false',
  );
});

test("Activity fits a phone, and a student's history is one tap away @phone", async ({
  page,
  api,
  // Registered while hall tickets are out, a student gets a seat too (a third entry): flags held still.
  flagsLock: _flagsLock,
}) => {
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Gauri Pawar');
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/activity');
  const activity = page.getByRole('region', { name: 'Activity' });
  // An entry is a card on a phone (an item of the list) and a row group of the table on a laptop.
  const cards = activity.locator(':scope > ul > li, :scope > table > tbody');
  await expect(cards.filter({ hasText: `added Student ${studentId} (Gauri Pawar)` })).toBeVisible();
  await activity
    .getByRole('button', { name: `History of student ${studentId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`studentId=${studentId}`));
  await expect(page.getByLabel('Student ID')).toHaveValue(studentId);
  // The registration: the student, the first payment, and the parent's receipt message (issue 26).
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'Message to parent' })).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
