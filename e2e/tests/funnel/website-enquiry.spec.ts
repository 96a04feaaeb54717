import { expect, savePhoto, signIn, test } from '../../fixtures/test';

test('a website enquiry reaches the counsellor of its city, is followed up from the queue and registered @phone', async ({
  page,
  api,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  // A town of its own, so this counsellor is the only one the enquiry can go to.
  const city = `Wai ${tag}`;
  const centreId = 100 + Math.floor(Math.random() * 8000);
  await fetch(`${baseURL}/api/admin/addCenter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` },
    body: JSON.stringify({ centerId: centreId, centerName: `Wai ${centreId}`, collegeName: 'Kisan Veer College' }),
  });
  const counsellor = await api.createStaff('counsellor', `Meera ${tag}`, city);
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const parentNo = `97${String(Date.now()).slice(-8)}`;
  const studentName = `Sai Deshpande ${tag}`;

  // The visitor sends the contact form.
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill(studentName);
  await form.getByLabel('Email').fill('sai.parent@example.com');
  await form.getByLabel('Phone').fill(parentNo);
  await form.getByLabel('Standard').selectOption('10th');
  await form.getByLabel('City').fill(city);
  await form.getByLabel('Message').fill('What are the fees for the 10th mock exam?');
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).click();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you for your enquiry! We will get back to you soon.');

  // It is due today on the counsellor's Home, one tap from a call or WhatsApp.
  await signIn(page, session);
  await page.goto('/dashboard/home');
  const dueToday = page.getByRole('region', { name: 'Due today' });
  const item = dueToday.getByRole('listitem').filter({ hasText: studentName });
  await expect(item).toContainText(city);
  await expect(item.getByRole('link', { name: new RegExp(`^Call ${studentName}`) })).toHaveAttribute(
    'href',
    `tel:+91${parentNo}`,
  );
  await expect(item.getByRole('link', { name: new RegExp(`^WhatsApp ${studentName}`) })).toHaveAttribute(
    'href',
    `https://wa.me/91${parentNo}`,
  );

  // Followed up from the Follow-ups page: it moves to Upcoming, interested.
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
  await dialog.getByLabel('Note (optional)').fill('Father will visit on Saturday');
  await dialog.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(page.getByText('Follow-up saved')).toBeVisible();
  const upcoming = page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: studentName });
  await expect(upcoming).toContainText('interested');

  // Registered from the enquiry: the form starts from it, and the enquiry leaves the queue.
  await upcoming.getByRole('button', { name: `Register this student: ${studentName}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await expect(label('Student Name')).toHaveValue(studentName);
  await expect(label('Standard')).toHaveValue('10th');
  await expect(label('Parent Number')).toHaveValue(parentNo);
  const studentNo = `96${String(Date.now()).slice(-8)}`;
  await label('Gender').selectOption('Male');
  await label('Date of Birth').fill('2011-02-11');
  await label('Mother Name').fill('Vaishali Deshpande');
  await label('Address').fill('Ganpati Ali, Wai');
  await label('Pincode').fill('412803');
  await label('Medium').selectOption('English');
  await label('School / College').fill('Dravid High School');
  await label('Previous Year Percentage').fill('81');
  await label('Email').fill('sai@example.com');
  await label('Student Number').fill(studentNo);
  await label('App Number').selectOption(studentNo);
  await label('Notification Number').selectOption(parentNo);
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(`Wai ${centreId}`);
  await page.getByRole('option', { name: new RegExp(`Wai ${centreId}`) }).click();
  await label('Amount Paid').fill('5850');
  await label('Receipt Book No.').fill('8801');
  await label('Payment Mode').selectOption('Cash');
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(page.getByRole('region', { name: /^Student registered successfully: Student ID \d{7}$/ })).toBeVisible();

  await page.goto('/dashboard/followups');
  await expect(page.getByRole('region', { name: 'Upcoming' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: studentName })).toHaveCount(0);
  const report = await fetch(`${baseURL}/api/counsellor/enquiries?status=registered`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const registered = (await report.json()) as { data: { studentName: string }[] };
  expect(registered.data.map((e) => e.studentName)).toContain(studentName);
});
