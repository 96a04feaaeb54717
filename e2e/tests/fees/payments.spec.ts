import { expect, savePhoto, signIn, test } from '../../fixtures/test';

test('a counsellor takes an instalment from the Registration Table, then opens the receipt in Payment Records', async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor');
  // Registered for 12th (₹7,900) and fully paid by the fixture: pay it down to leave a balance first.
  const studentName = `Rutuja More ${Date.now() % 100000}`;
  const studentId = await api.registerStudent(counsellor, studentName, { amountPaid: 2900 });
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/registertable');

  const row = page.getByRole('region', { name: 'Registrations' }).getByRole('row').filter({ hasText: studentId });
  await expect(row).toContainText('₹5,000');
  await row.getByRole('button', { name: /^Make Payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Payment' });
  const label = (name: string) => dialog.getByLabel(name, { exact: true });
  await expect(label('Student Name')).toHaveValue(studentName);
  await label('Amount').fill('6000');
  await expect(dialog.getByText('Amount must be smaller than pending amount')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Payment' })).toHaveCount(0);
  await label('Amount').fill('5000');
  await expect(label('New Remaining Amount')).toHaveValue('₹0');
  await expect(dialog.getByLabel('Due date not required')).toBeDisabled();
  await label('Amount').fill('3000');
  await expect(label('New Remaining Amount')).toHaveValue('₹2,000');
  await label('Due Date').fill(new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  await label('Receipt Book No.').fill('4410');
  await label('Payment Mode').selectOption('Cheque');
  await expect(dialog.getByText('Please upload and save receipt photo first')).toBeVisible();
  await savePhoto(dialog, 'Receipt Photo');
  await dialog.getByRole('button', { name: 'Submit Payment' }).click();
  // The receipt number and the next steps: view/print, share, WhatsApp to the parent.
  const done = dialog.getByRole('region', { name: 'Payment Successful !!' });
  await expect(done).toContainText(/Receipt number:\s*\d{4}-\d{2}\/\d{6}/);
  await expect(done.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/91\d{10}\?text=.*%E2%82%B93%2C000/,
  );
  await done.getByRole('button', { name: 'View / Print Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: `Receipt - ${studentName}` });
  await expect(receipt.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('₹2,000');

  // Then to the Payment Records, where the receipt opens again.
  await page.goto('/dashboard/paymenttable');
  await page.getByLabel('Search').fill(studentId);
  const records = page.getByRole('region', { name: 'Payment records' });
  await expect(records).toContainText('₹3,000');
  await expect(records).toContainText('Cheque');
  await expect(records).toContainText('4410');
  await records.getByRole('button', { name: new RegExp(`^Receipt of ${studentName}`) }).click();
  const viewer = page.getByRole('dialog', { name: `Receipt Preview - ${studentName}` });
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
});
