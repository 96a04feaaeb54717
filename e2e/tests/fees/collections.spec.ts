import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

test('a counsellor settles cash with a proof; an admin verifies it and the balance changes', async ({ page, api }) => {
  const counsellor = await api.createStaff('counsellor', `Kiran Bhosale ${Date.now() % 100000}`);
  // ₹7,900 collected at 10 % commission: ₹7,110 owed to the company.
  await api.registerStudent(counsellor, 'Pranav Kale');
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/settlement');

  const summary = page.getByRole('region', { name: 'Collection summary' });
  await expect(summary).toContainText('₹7,900');
  await expect(summary).toContainText('₹7,110');
  await page.getByLabel('Amount', { exact: true }).fill('2000');
  await page.getByLabel('Payment Date', { exact: true }).fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel('Paid Into', { exact: true }).selectOption('Other Account');
  await page.getByLabel('Account Details', { exact: true }).fill('Cash handed to the branch head');
  await expect(page.getByText('Please upload and save payment proof first')).toBeVisible();
  await savePhoto(page, 'Payment Proof');
  await page.getByRole('button', { name: 'Submit Collection' }).click();
  await expect(page.getByText('Collection submitted successfully!')).toBeVisible();
  const history = page.getByRole('region', { name: 'Collection history' });
  await expect(history).toContainText('Other: Cash handed to the branch head');
  await expect(history).toContainText('Pending');

  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/collection');
  const picker = page.getByRole('combobox', { name: 'Counsellor' });
  await picker.click();
  await picker.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  const transactions = page.getByRole('region', { name: 'Transaction history' });
  await expect(transactions).toContainText('₹2,000');
  await transactions.getByRole('button', { name: 'View Proof' }).click();
  const proof = page.getByRole('dialog', { name: 'Payment Proof' });
  await expect(proof.getByRole('img')).toBeVisible();
  await proof.getByRole('button', { name: 'Close' }).last().click();
  await transactions.getByRole('button', { name: 'Verify' }).click();
  await expect(transactions).toContainText('Verified');
  const adminSummary = page.getByRole('region', { name: 'Collection summary' });
  await expect(adminSummary).toContainText('₹5,110');
});
