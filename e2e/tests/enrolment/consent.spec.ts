import { expect, savePhoto, signIn, test } from '../../fixtures/test';

const label = (page: import('@playwright/test').Page, name: string) => page.getByLabel(name, { exact: true });

/**
 * Issue 27: the counsellor registers a student (the form shows the privacy notice), then records the
 * parent's consent by a one-time code. No messaging provider is configured, so the code goes out as a
 * prepared WhatsApp message: the test reads it from that link, as the parent would from the message.
 */
test('@phone a counsellor registers a student and records the parent’s consent by code', async ({ page, api }) => {
  const centreId = 100 + Math.floor(Math.random() * 8000);
  await api.addCentre({ centerName: `Satara ${centreId}`, collegeName: 'YC College' });
  const counsellor = await api.createStaff('counsellor', `Anita Pawar ${centreId}`);
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/register');

  const studentNo = `97${String(Date.now()).slice(-8)}`;
  const parentNo = `96${String(Date.now()).slice(-8)}`;
  await label(page, 'Student Name').fill('Tanvi Jadhav');
  await label(page, 'Gender').selectOption('Female');
  await label(page, 'Date of Birth').fill('2010-03-11');
  await label(page, 'Mother Name').fill('Kavita Jadhav');
  await label(page, 'Address').fill('4, Rajwada Road, Satara');
  await label(page, 'Pincode').fill('415001');
  await label(page, 'Standard').selectOption('10th');
  await label(page, 'Medium').selectOption('Marathi');
  await label(page, 'School / College').fill('New English School');
  await label(page, 'Previous Year Percentage').fill('84');
  await label(page, 'Email').fill('tanvi@example.com');
  await label(page, 'Student Number').fill(studentNo);
  await label(page, 'Parent Number').fill(parentNo);
  await label(page, 'App Number').selectOption(studentNo);
  await label(page, 'Notification Number').selectOption(parentNo);
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(`Satara ${centreId}`);
  await page.getByRole('option', { name: new RegExp(`Satara ${centreId}`) }).click();
  await label(page, 'Amount Paid').fill('5850');
  await label(page, 'Receipt Book No.').fill('5512');
  await label(page, 'Payment Mode').selectOption('Cash');
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  // The privacy notice, in both languages, with its link.
  await expect(page.getByRole('link', { name: 'Privacy notice (version 1)' })).toHaveAttribute('href', '/privacy');
  await page.getByRole('button', { name: 'Register Student' }).click();

  const done = page.getByRole('region', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await done.getByRole('link', { name: "Record parent's consent" }).click();
  await expect(page).toHaveURL(/\/dashboard\/consent\?studentId=\d{7}$/);
  const summary = page.getByRole('region', { name: 'Consent' });
  await expect(summary).toContainText('Waiting for consent');
  await expect(summary).toContainText(`••••••${parentNo.slice(-4)}`);

  await page.getByRole('button', { name: 'Send code' }).click();
  const whatsApp = page.getByRole('link', { name: 'Open WhatsApp' });
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^https://wa\\.me/91${parentNo}\\?text=`));
  const code = /(\d{6})/.exec(decodeURIComponent(href.split('?text=')[1] ?? ''))?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await label(page, 'Code the parent read out').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm consent' }).click();
  await expect(page.getByText('The code is not right. Ask the parent to read it again.')).toBeVisible();
  await label(page, 'Code the parent read out').fill(code);
  await page.getByRole('button', { name: 'Confirm consent' }).click();
  await expect(page.getByText('Consent recorded')).toBeVisible();
  await expect(summary).toContainText('Consent given');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(/Code sent to the parent.s phone/);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(counsellor.name);
  // Nothing scrolls sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 360,
  );
});
