import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('a counsellor asks to cancel a receipt, the admin approves it and refunds part of the other, with its voucher @phone', async ({
  page,
  api,
  isMobile,
}) => {
  const counsellor = await api.createStaff('counsellor');
  const studentName = `Sakshi Pawar ${Date.now() % 100000}`;
  // ₹7,900 for the 12th: ₹3,000 at registration, then ₹2,000.
  const studentId = await api.registerStudent(counsellor, studentName, { amountPaid: 3000 });
  const wrong = await api.makePayment(counsellor, studentId, 2000);
  // The registration's receipt, refunded later (other tests' students may match the search too).
  const [first] = await api.paymentIdsOf(counsellor, studentId);

  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/paymenttable');
  await page.getByLabel('Search').fill(studentId);
  const records = page.getByRole('region', { name: 'Payment records' });
  await expect(records).toContainText('₹5,000');
  await records.getByRole('button', { name: `Request cancellation of payment ${wrong}` }).click();
  const ask = page.getByRole('dialog', { name: 'Request Cancellation' });
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(ask.getByText('Give the reason')).toBeVisible();
  await ask.getByLabel('Reason').fill('Parent paid twice by mistake');
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Cancellation requested: an admin will approve or reject it')).toBeVisible();

  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/cancellations');
  const requests = page.getByRole('region', { name: 'Cancellation requests' });
  // A table row on a desktop, a card on a phone.
  const request = requests.getByRole(isMobile ? 'listitem' : 'row').filter({ hasText: studentName });
  await expect(request).toContainText('Parent paid twice by mistake');
  page.once('dialog', (dialog) => void dialog.accept());
  await request.getByRole('button', { name: /^Approve cancellation/ }).click();
  await expect(request).toContainText('Approved (cancelled)');

  await page.goto('/dashboard/paymenttable');
  await page.getByLabel('Search').fill(studentId);
  await expect(records).toContainText('Cancelled');
  await expect(records).toContainText('Parent paid twice by mistake');
  // Only the ₹3,000 receipt counts now.
  await expect(records.getByText('₹4,900').first()).toBeVisible();
  await expect(records.getByRole('button', { name: `Cancel receipt of payment ${wrong}` })).toHaveCount(0);
  await records.getByRole('button', { name: `Refund against payment ${first}` }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByLabel('Amount (₹)').fill('3000.01');
  await refund.getByLabel('Mode').selectOption('Cash');
  await refund.getByLabel('Reason').fill('Family moved to Nagpur');
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(page.getByText('Refund must be greater than 0 and at most what was paid on this receipt')).toBeVisible();
  await refund.getByLabel('Amount (₹)').fill('500');
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(refund).toBeHidden();
  // The voucher series is the whole server's: the other project's run may have taken numbers before.
  const recorded = page.getByText(/Refund recorded: RF\/\d{4}-\d{2}\/\d{6}/);
  await expect(recorded).toBeVisible();
  const [, year, serial] = /RF\/(\d{4}-\d{2})\/(\d{6})/.exec((await recorded.textContent()) ?? '') ?? [];
  await expect(records).toContainText('Refund ₹500');
  await expect(records.getByText('₹5,400').first()).toBeVisible();
  await records.getByRole('button', { name: /^Refund voucher RF\// }).click();
  const viewer = page.getByRole('dialog', { name: `Receipt Preview - ${studentName}` });
  // A preview on a desktop; on a phone, the file to download or open.
  if (isMobile) await expect(viewer).toContainText(`Refund_RF-${year}-${serial}.pdf`);
  else await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
});

test('an admin turns GST receipts on and reads the month’s summary @phone', async ({ page, api }) => {
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/gst');
  const form = page.getByRole('form', { name: "Institute's GST Details" });
  await expect(form).toContainText('GST off');
  await form.getByLabel('GSTIN').fill('27ABCDE1234F1X5');
  await form.getByLabel('Legal name').fill('Mock Board Exams Private Limited');
  await form.getByLabel('Address').fill('14, Shivaji Nagar, Pune 411005');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/GSTIN must be 15 characters/)).toBeVisible();
  await form.getByLabel('GSTIN').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('GST settings saved')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^GST_Summary_\d{4}-\d{2}\.xlsx$/);
});
