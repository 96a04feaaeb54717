import { expect, savePhoto, signIn, test } from '../../fixtures/test';

test("'Register this student' opens the registration pre-filled from the enquiry, which then shows it converted", async ({
  page,
  api,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const centreId = 100 + Math.floor(Math.random() * 8000);
  await fetch(`${baseURL}/api/admin/addCenter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` },
    body: JSON.stringify({
      centerId: centreId,
      centerName: `Satara ${centreId}`,
      collegeName: 'YC College',
      capicity: 50,
    }),
  });
  const counsellor = await api.createStaff('counsellor');
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const studentNo = `96${String(Date.now()).slice(-8)}`;
  const studentName = `Pranav Jadhav ${centreId}`;
  const created = await fetch(`${baseURL}/api/counsellor/visiting`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      studentName,
      gender: 'Male',
      dob: '2011-01-15',
      address: 'Station Road, Satara',
      pincode: '415001',
      standard: '10th',
      branch: 'English',
      schoolCollege: 'Satara High School',
      previousYearPercent: 76.5,
      email: 'pranav@example.com',
      studentNo,
      parentsNo: '9822055667',
      notificationNo: studentNo,
      demoGiven: 'YES',
      reason: 'Other',
      otherReason: 'Asked for the fee in instalments',
    }),
  });
  expect(created.status).toBe(201);

  await signIn(page, session);
  await page.goto('/dashboard/visitingtable');
  const table = page.getByRole('region', { name: 'Visiting records' });
  const row = table.getByRole('row').filter({ hasText: studentName });
  await expect(row).toContainText('Enquiry');
  await row.getByRole('button', { name: `Register this student: ${studentName}` }).click();

  await expect(page).toHaveURL(/\/dashboard\/register$/);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await expect(page.getByText(`Pre-filled from the enquiry of ${studentName}`)).toBeVisible();
  await expect(label('Student Name')).toHaveValue(studentName);
  await expect(label('Standard')).toHaveValue('10th');
  await expect(label('Medium')).toHaveValue('English');
  await expect(label('Parent Number')).toHaveValue('9822055667');
  await expect(label('Previous Year Percentage')).toHaveValue('76.5');

  await label('Mother Name').fill('Sunita Jadhav');
  await label('App Number').selectOption(studentNo);
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(`Satara ${centreId}`);
  await page.getByRole('option', { name: new RegExp(`Satara ${centreId}`) }).click();
  await label('Amount Paid').fill('5850');
  await label('Receipt Book No.').fill('5501');
  await label('Payment Mode').selectOption('Cash');
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  const done = page.getByRole('region', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await expect(done).toBeVisible();
  const studentId = ((await done.getAttribute('aria-label')) ?? '').slice(-7);

  await page.goto('/dashboard/visitingtable');
  await expect(row).toContainText(`Registered (${studentId})`);
  await expect(row.getByRole('button', { name: /^Register this student/ })).toHaveCount(0);
  await row.getByRole('button', { name: `View ${studentName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Visiting Form Details' })).toContainText(
    `Yes, Student ID ${studentId}`,
  );
});
