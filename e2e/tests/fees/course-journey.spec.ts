import { createReadStream, readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pdfText } from '../../../apps/api/src/testing/pdf-text';
import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

/** The PDF the viewer offers, downloaded as a person does, and its text as pdftotext reads it. */
async function downloadedPdfText(page: Page, viewer: Locator, fileName: RegExp): Promise<string> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const text = pdfText(readFileSync(await download.path()));
  await viewer
    .getByRole('button', { name: /^(Close|Cancel)$/ })
    .last()
    .click();
  await expect(viewer).toBeHidden();
  return text;
}

test('issue 25 journey: an admin sets up a course with three instalments, a counsellor registers a student on it who pays twice, the admin cancels one receipt and refunds part of the other; the PDFs and the export show it @phone', async ({
  page,
  api,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const courseName = `Journey 12th ${suffix}`;
  const studentName = `Pooja Jadhav ${Date.now() % 100000}`;
  const centreName = `Satara ${suffix}`;
  await api.addCentre({ centerName: centreName, collegeName: 'YC College' });
  const counsellor = await api.createStaff('counsellor');

  // 1. The admin adds the course: ₹9,000 in three instalments of ₹3,000 (as courses.spec.ts does).
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/courses');
  await page.getByRole('button', { name: 'Add a course' }).click();
  const form = page.getByRole('form', { name: 'New course' });
  await form.getByLabel('Course name').fill(courseName);
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

  // 2. The counsellor registers a student on it, paying the first instalment.
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/register');
  const label = (name: string) => page.getByLabel(name, { exact: true });
  const studentNo = `97${String(Date.now()).slice(-8)}`;
  await label('Student Name').fill(studentName);
  await label('Gender').selectOption('Female');
  await label('Date of Birth').fill('2008-03-14');
  await label('Mother Name').fill('Sunita Jadhav');
  await label('Address').fill('21, Rajwada Road, Satara');
  await label('Pincode').fill('415001');
  await label('Standard').selectOption('12th');
  await label('Group').selectOption('PCM');
  await label('School / College').fill('YC College');
  await label('Previous Year Percentage').fill('78.5');
  await label('Email').fill('pooja@example.com');
  await label('Student Number').fill(studentNo);
  await label('Parent Number').fill('9822044556');
  await label('App Number').selectOption(studentNo);
  await label('Notification Number').selectOption('9822044556');
  const centre = page.getByRole('combobox', { name: 'Exam Centre' });
  await centre.click();
  await centre.fill(centreName);
  await page.getByRole('option', { name: new RegExp(centreName) }).click();
  await label('Course').selectOption({ label: `${courseName} (₹9,000)` });
  await expect(label('Total Amount')).toHaveValue('₹9,000');
  await label('Amount Paid').fill('3000');
  await expect(label('Amount Remaining')).toHaveValue('₹6,000');
  // The plan sets the due date: the second instalment's, once the first is paid.
  await expect(label('Due Date (from the instalment plan)')).toHaveValue('15/01/2031');
  await label('Receipt Book No.').fill('5521');
  await label('Payment Mode').selectOption('Cash');
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  const done = page.getByRole('region', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await expect(done).toContainText(/Receipt number:\s*\d{4}-\d{2}\/\d{6}/);
  const studentId = (await done.getAttribute('aria-label'))?.match(/\d{7}$/)?.[0] ?? '';
  expect(studentId).toMatch(/^\d{7}$/);

  // 3. The second instalment (the Make Payment screen has a spec of its own: payments.spec.ts).
  const second = await api.makePayment(counsellor, studentId, 3000);
  const [first] = await api.paymentIdsOf(counsellor, studentId);
  expect(first).toBeLessThan(second);

  // 4. The admin cancels the second receipt and refunds ₹1,000 of the first.
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/paymenttable');
  await page.getByLabel('Search').fill(studentId);
  const records = page.getByRole('region', { name: 'Payment records' });
  // The search has settled on this one student before anything is clicked.
  await expect(page.getByText(/Page 1 of 1 · 1 student$/)).toBeVisible();
  await expect(records).toContainText(studentName);
  await expect(records.getByText('₹3,000').first()).toBeVisible();
  await records.getByRole('button', { name: `Cancel receipt of payment ${second}` }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Receipt' });
  await cancel.getByLabel('Reason').fill('Cheque bounced');
  await cancel.getByRole('button', { name: 'Cancel Receipt' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Receipt cancelled')).toBeVisible();
  await expect(records).toContainText('Cancelled');
  await expect(records).toContainText('Cheque bounced');
  // ₹9,000 − ₹3,000 paid and counted.
  await expect(records.getByText('₹6,000').first()).toBeVisible();

  await records.getByRole('button', { name: `Refund against payment ${first}` }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByLabel('Amount (₹)').fill('1000');
  // No mode is chosen for the admin.
  await expect(refund.getByLabel('Mode')).toHaveValue('');
  await refund.getByLabel('Mode').selectOption('Online');
  await refund.getByLabel('Reason').fill('Hostel fee paid here by mistake');
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(refund).toBeHidden();
  const recorded = page.getByText(/Refund recorded: RF\/\d{4}-\d{2}\/\d{6}/);
  await expect(recorded).toBeVisible();
  const voucherNumber = (await recorded.textContent())?.match(/RF\/\d{4}-\d{2}\/\d{6}/)?.[0] ?? '';
  await expect(records).toContainText('Refund ₹1,000');
  // Paid ₹3,000 − ₹1,000 = ₹2,000; remaining ₹9,000 − ₹2,000.
  await expect(records.getByText('₹7,000').first()).toBeVisible();

  // 5. The cancelled receipt's PDF says so, with the reason.
  const viewer = page.getByRole('dialog', { name: `Receipt Preview - ${studentName}` });
  await records.getByRole('button', { name: `Receipt PDF of payment ${second}` }).click();
  const receipt = await downloadedPdfText(page, viewer, /^Receipt_\d{4}-\d{2}-\d{6}\.pdf$/);
  expect(receipt).toContain('CANCELLED');
  expect(receipt).toContain('Cheque bounced');
  expect(receipt).toContain(studentId);
  // The course registered on, and the figures as the receipt was issued: ₹6,000 paid of ₹9,000.
  expect(receipt).toMatch(new RegExp(`Course\\s+${courseName} \\(PCM\\)`));
  expect(receipt).toMatch(/Total Paid\s+₹6,000\.00/);

  // 6. The refund voucher downloads, with its number and amount.
  await records.getByRole('button', { name: `Refund voucher ${voucherNumber}` }).click();
  const voucher = await downloadedPdfText(page, viewer, /^Refund_RF-\d{4}-\d{2}-\d{6}\.pdf$/);
  expect(voucher).toContain(voucherNumber);
  expect(voucher).toMatch(/Amount\s+₹1,000\.00/);
  // The fee account after it: ₹3,000 counted − ₹1,000 refunded paid, ₹7,000 to pay.
  expect(voucher).toMatch(/Total Paid\s+₹2,000\.00/);
  expect(voucher).toMatch(/Balance\s+₹7,000\.00/);
  expect(voucher).toContain(studentName);
  expect(voucher).toMatch(new RegExp(`Course\\s+${courseName} \\(PCM\\)`));

  // 7. The admin's Excel export: the fee of the course, paid after the cancellation and the refund, remaining.
  await page.goto('/dashboard/home');
  const tool = page.getByRole('region', { name: 'Excel Export Tool' });
  await tool.getByRole('button', { name: 'Clear' }).click();
  for (const column of ['Student ID', 'Total Amount', 'Paid', 'Remaining', 'Course']) {
    await tool.getByRole('checkbox', { name: column, exact: true }).check();
  }
  await tool.getByRole('combobox', { name: 'Counsellor' }).selectOption({ label: counsellor.name });
  const downloading = page.waitForEvent('download');
  await tool.getByRole('button', { name: 'Generate' }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream(await (await downloading).path()));
  const sheet = workbook.getWorksheet('Registrations');
  if (!sheet) throw new Error('no sheet Registrations');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Student ID',
    'Total Amount',
    'Paid',
    'Remaining',
    'Course',
  ]);
  expect(sheet.rowCount).toBe(2);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([studentId, 9000, 2000, 7000, courseName]);
});
