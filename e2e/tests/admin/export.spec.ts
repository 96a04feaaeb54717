import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('an admin exports the registrations they filter for and gets the Excel file', async ({ page, api }) => {
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Export Test Student', { amountPaid: 7900 });
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/home');
  const tool = page.getByRole('region', { name: 'Excel Export Tool' });
  await expect(tool).toBeVisible();

  // The two remaining boxes exclude each other.
  const zero = tool.getByRole('checkbox', { name: 'remaining = 0' });
  const nonZero = tool.getByRole('checkbox', { name: 'remaining != 0' });
  await nonZero.check();
  await zero.check();
  await expect(nonZero).not.toBeChecked();

  // No column: Generate is disabled and the tool says why.
  await tool.getByRole('button', { name: 'Clear' }).click();
  await expect(tool.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await expect(tool.getByText('Please select at least one column to export.')).toBeVisible();
  for (const column of ['Student ID', 'Student Name', 'Total Amount', 'Register Date']) {
    await tool.getByRole('checkbox', { name: column, exact: true }).check();
  }

  // The 11th+12th option carries 12th; this counsellor's paid-up students only.
  await tool.getByRole('combobox', { name: 'Standard' }).selectOption('11th+12th');
  await tool.getByRole('combobox', { name: 'Counsellor' }).selectOption({ label: counsellor.name });
  const downloading = page.waitForEvent('download');
  await tool.getByRole('button', { name: 'Generate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Filtered_Registrations_.+\.xlsx$/);
  await expect(page.getByText('Excel file downloaded successfully!')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream(await download.path()));
  const sheet = workbook.getWorksheet('Registrations');
  if (!sheet) throw new Error('no sheet Registrations');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Student ID',
    'Student Name',
    'Total Amount',
    'Register Date',
  ]);
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(studentId);
  expect(sheet.getRow(2).getCell(3).value).toBe(7900);

  // Nothing matches: the message, and no file.
  await tool.getByLabel('From Date').fill('2099-01-01');
  await tool.getByRole('button', { name: 'Generate' }).click();
  await expect(tool.getByText('No students found for the selected filters.')).toBeVisible();
});
