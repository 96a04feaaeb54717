import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('an admin adds a course with a three-instalment plan; the public Courses page lists it with its fee @phone', async ({
  page,
  api,
}) => {
  const name = `Crash 12th ${Date.now().toString(36)}`;
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/courses');
  await page.getByRole('button', { name: 'Add a course' }).click();
  const form = page.getByRole('form', { name: 'New course' });
  await form.getByLabel('Course name').fill(name);
  await form.getByLabel('Standard').selectOption('12th');
  await form.getByLabel('Fee (₹)').fill('9000');
  await form.getByLabel('Mediums or groups').fill('PCM, PCB');
  for (const [index, dueDate] of ['2030-12-31', '2031-01-15', '2031-04-10'].entries()) {
    await form.getByRole('button', { name: 'Add an instalment' }).click();
    await form.getByLabel(`Instalment ${index + 1} due on`).fill(dueDate);
    await form.getByLabel('Amount (₹)').nth(index).fill('3000');
  }
  await form.getByRole('button', { name: 'Add course' }).click();
  await expect(page.getByText('Course saved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.or(card).first()).toContainText('₹9,000');

  await page.goto('/courses');
  const listed = page.getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('₹9,000');
  await expect(listed).toContainText(
    'In 3 instalments: ₹3,000 by 31/12/2030, ₹3,000 by 15/01/2031, ₹3,000 by 10/04/2031',
  );
});
