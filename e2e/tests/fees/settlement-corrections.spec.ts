import type { Locator } from '@playwright/test';
import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

/** One figure of the Collection summary: the value beside its label. */
const figure = (summary: Locator, label: string) =>
  summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

/** A JSON call to the API as a session, for the steps this test does not look at. */
async function call(baseURL: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

test('a counsellor edits and withdraws pending settlements; an admin reverses a verified one with a reason @phone', async ({
  page,
  api,
  baseURL,
}) => {
  const counsellor = await api.createStaff('counsellor', `Asha Pawar ${Date.now() % 100000}`);
  await api.registerStudent(counsellor, 'Neha Kale'); // ₹7,900 collected: ₹7,110 owed
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const proofUrl = await api.uploadPhoto(session.token);
  const today = new Date().toISOString().slice(0, 10);
  for (const amountPaid of [1000, 500, 300]) {
    await call(baseURL as string, session.token, 'POST', '/api/counsellor/myCollection/settle', {
      amountPaid,
      remark: 'Company account at Bank A',
      proofUrl,
      paymentDate: today,
    });
  }

  await signIn(page, session);
  await page.goto('/dashboard/settlement');
  const history = page.getByRole('region', { name: 'Collection history' });
  await history.getByRole('button', { name: /^Edit settlement of ₹1,000/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Settlement' });
  await dialog.getByLabel('Amount', { exact: true }).fill('1200');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settlement updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(history).toContainText('₹1,200');
  const summary = page.getByRole('region', { name: 'Collection summary' });
  await expect(figure(summary, 'Pending Verification')).toHaveText('₹2,000'); // 1,200 + 500 + 300

  page.once('dialog', (question) => void question.accept());
  await history.getByRole('button', { name: /^Withdraw settlement of ₹500/ }).click();
  await expect(page.getByText('Settlement withdrawn')).toBeVisible();
  await expect(history).toContainText('Withdrawn');
  await expect(figure(summary, 'Pending Verification')).toHaveText('₹1,500');

  const admin = await api.login(ADMIN.email, ADMIN.password, 'admin');
  const rows: { id: number; amountPaid: number }[] = await call(
    baseURL as string,
    admin.token,
    'GET',
    `/api/counsellor/collection/payments/${counsellor.uuid}`,
  );
  const verified = rows.find((row) => row.amountPaid === 1200);
  await call(baseURL as string, admin.token, 'PUT', `/api/admin/collection/${verified?.id}/verify`, {
    status: 'verified',
  });
  await signIn(page, admin);
  await page.goto('/dashboard/collection');
  const picker = page.getByRole('combobox', { name: 'Counsellor' });
  await picker.click();
  await picker.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  const adminSummary = page.getByRole('region', { name: 'Collection summary' });
  await expect(figure(adminSummary, 'Balance')).toHaveText('₹5,910'); // 7,110 − 1,200 verified
  await expect(figure(adminSummary, 'Settled')).toHaveText('₹1,200');
  const transactions = page.getByRole('region', { name: 'Transaction history' });
  await transactions.getByRole('button', { name: /^Reverse settlement of ₹1,200/ }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse Settlement' });
  await reverse.getByRole('button', { name: 'Reverse' }).click();
  await expect(reverse).toContainText('Write why the settlement is reversed');
  await reverse.getByLabel('Reason').fill('The deposit is not in the bank statement');
  await reverse.getByRole('button', { name: 'Reverse' }).click();
  await expect(
    page.getByText("Settlement reversed; the amount is back in the counsellor's cash in hand"),
  ).toBeVisible();
  await expect(transactions).toContainText('Reversed');
  await expect(transactions).toContainText('Reason: The deposit is not in the bank statement');
  await expect(figure(adminSummary, 'Balance')).toHaveText('₹7,110');
  await expect(figure(adminSummary, 'Settled')).toHaveText('₹0');
});

test('a counsellor confirms a challan with the signed copy; the admin sees it attached @phone', async ({
  page,
  api,
  baseURL,
}) => {
  const counsellor = await api.createStaff('counsellor', `Rekha Shinde ${Date.now() % 100000}`);
  const admin = await api.login(ADMIN.email, ADMIN.password, 'admin');
  const sent = await call(baseURL as string, admin.token, 'POST', '/api/admin/addBooksWithChalan', {
    chalanDate: new Date().toISOString().slice(0, 10),
    counsellorId: counsellor.uuid,
    items: [{ standard: '10th', bookName: 'Math', totalCount: 4 }],
  });
  const chalanNo: string = sent.data.chalanNo;

  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/bookdistribution');
  const challans = page.getByRole('region', { name: 'My challans' });
  await expect(challans).toContainText('Awaiting signed copy');
  await challans.getByRole('button', { name: `Confirm receipt of challan ${chalanNo}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Challan Receipt' });
  await dialog.getByRole('button', { name: 'Confirm Receipt' }).click();
  await expect(dialog).toContainText('Upload a photo of the challan signed by the receiver before confirming receipt');
  await savePhoto(dialog, 'Signed Copy');
  await dialog.getByRole('button', { name: 'Confirm Receipt' }).click();
  await expect(page.getByText('Challan received; the signed copy is attached')).toBeVisible();
  await expect(challans).toContainText('Signed copy attached');
  await expect(challans.getByRole('button', { name: /^Confirm receipt/ })).toHaveCount(0);

  await signIn(page, admin);
  await page.goto('/dashboard/chalan');
  const list = page.getByRole('region', { name: 'Challans', exact: true });
  // A table row on a desktop, a card on a phone.
  const row = list
    .locator('tr, li')
    .filter({ hasText: `${chalanNo}` })
    .filter({ hasText: counsellor.name });
  await expect(row).toContainText('Signed copy attached');
});
