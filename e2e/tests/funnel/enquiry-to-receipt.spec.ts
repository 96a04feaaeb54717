import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

/**
 * Issue 26's whole funnel: a website enquiry reaches its counsellor's queue, is followed up, registered,
 * the parent consents, an instalment is paid, and the parent's receipt message is in the student's message
 * log. No provider is configured in e2e, so the message is prepared, with its WhatsApp link.
 */
test('a website enquiry is followed up, registered and paid, and the parent gets the receipt message @phone', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  // A town of its own, so this counsellor is the only one the enquiry can go to; a centre of its own too.
  const city = `Karad ${tag}`;
  const centreName = `Karad ${tag}`;
  await api.addCentre({ centerName: centreName, collegeName: 'SGM College' });
  const counsellor = await api.createStaff('counsellor', `Asha ${tag}`, city);
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const parentNo = `98${String(Date.now()).slice(-8)}`;
  const studentName = `Riya Kulkarni ${tag}`;

  // The visitor sends the public contact form, agreeing to be contacted.
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill(studentName);
  await form.getByLabel('Email').fill('riya.parent@example.com');
  await form.getByLabel('Phone').fill(parentNo);
  await form.getByLabel('Standard').selectOption('10th');
  await form.getByLabel('City').fill(city);
  await form.getByLabel('Message').fill('Is there a mock exam centre in Karad?');
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).click();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you for your enquiry! We will get back to you soon.');

  // It is due today in the counsellor's follow-up queue; followed up with a next date, it moves to Upcoming.
  await signIn(page, session);
  await page.goto('/dashboard/followups');
  await page
    .getByRole('region', { name: 'Due today' })
    .getByRole('listitem')
    .filter({ hasText: studentName })
    .getByRole('button', { name: 'Follow up' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Follow-up' });
  await dialog.getByLabel('Outcome').selectOption('Spoke to parent');
  await dialog.getByLabel('Stage').selectOption('interested');
  await dialog.getByLabel('Note (optional)').fill('Mother asked about the fees');
  await dialog.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(page.getByText('Follow-up saved')).toBeVisible();
  const upcoming = page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: studentName });
  await expect(upcoming).toContainText('interested');

  // Registered from the enquiry: the form starts from it.
  await upcoming.getByRole('button', { name: `Register this student: ${studentName}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await expect(label('Student Name')).toHaveValue(studentName);
  await expect(label('Parent Number')).toHaveValue(parentNo);
  const studentNo = `96${String(Date.now()).slice(-8)}`;
  await label('Gender').selectOption('Female');
  await label('Date of Birth').fill('2009-05-14');
  await label('Mother Name').fill('Sunita Kulkarni');
  await label('Address').fill('Shaniwar Peth, Karad');
  await label('Pincode').fill('415110');
  await label('Medium').selectOption('English');
  await label('School / College').fill('Tilak High School');
  await label('Previous Year Percentage').fill('78');
  await label('Email').fill('riya@example.com');
  await label('Student Number').fill(studentNo);
  await label('App Number').selectOption(studentNo);
  await label('Notification Number').selectOption(parentNo);
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(centreName);
  await page.getByRole('option', { name: new RegExp(centreName) }).click();
  await label('Amount Paid').fill('3000');
  await label('Receipt Book No.').fill('9901');
  await label('Payment Mode').selectOption('Cash');
  await label('Due Date').fill(new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  const registered = page.getByRole('heading', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await expect(registered).toBeVisible();
  const studentId = ((await registered.textContent()) ?? '').trim().slice(-7);
  expect(studentId).toMatch(/^\d{7}$/);

  // The parent's consent on paper, then an instalment: its receipt message goes to the parent.
  await api.recordPaperConsent(counsellor, studentId);
  const { receiptNumber } = await api.payInstalment(counsellor, studentId, 1000);

  // On Edit Student, the message log shows the receipt message, prepared with its WhatsApp link.
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto(`/dashboard/studentedit?${new URLSearchParams({ studentId })}`);
  const log = page.getByRole('region', { name: 'Messages to the parent' });
  const receipt = log.getByRole('listitem').filter({ hasText: receiptNumber });
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText('Payment received');
  await expect(receipt).toContainText('Prepared (no provider)');
  const link = receipt.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(link).toHaveAttribute('href', new RegExp(`^https://wa\\.me/91${parentNo}\\?text=`));
  expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toContain(receiptNumber);
  // The registration's own receipt message was held back: no consent had been recorded yet.
  const held = log.getByRole('listitem').filter({ hasText: 'No parent consent' });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('Not sent');
  await expect(held.getByRole('link', { name: 'Send on WhatsApp' })).toHaveCount(0);
});
