import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('an admin changes the receiving accounts and a counsellor can pay into the new one', async ({ page, api }) => {
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/collection');
  await page.getByText('Receiving Accounts').click();
  const form = page.getByRole('form', { name: 'Receiving accounts' });
  await form.getByRole('button', { name: 'Add Account' }).click();
  const inputs = form.getByRole('textbox');
  const added = `Company account, Bank of Maharashtra ${Date.now() % 10000}`;
  await inputs.last().fill(added);
  await form.getByRole('button', { name: 'Save Accounts' }).click();
  await expect(page.getByText('Receiving accounts updated')).toBeVisible();

  const counsellor = await api.createStaff('counsellor');
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/settlement');
  await expect(page.getByLabel('Paid Into', { exact: true }).getByRole('option', { name: added })).toHaveCount(1);
});
