import { expect, signIn, test } from '../../fixtures/test';
import { followUpInterested, registerFromEnquiry, sendContactForm } from './funnel-steps';

const shots = process.env.E2E_SHOTS;

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
  await sendContactForm(page, {
    name: studentName,
    email: 'sai.parent@example.com',
    phone: parentNo,
    city,
    message: 'What are the fees for the 10th mock exam?',
  });

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
  const upcoming = await followUpInterested(page, studentName, 'Father will visit on Saturday');
  const width = test.info().project.name === 'phone' ? 360 : 1280;

  // Its details hold the follow-up history. Marked lost, it leaves the queue for the lost list, whose
  // details reopen it: back in Upcoming.
  await upcoming.getByRole('button', { name: `Details: ${studentName}` }).click();
  const details = page.getByRole('dialog', { name: 'Enquiry details' });
  await expect(details.getByRole('region', { name: 'Follow-up history' })).toContainText(
    'Father will visit on Saturday',
  );
  if (shots) await page.screenshot({ path: `${shots}/enquiry-details-${width}.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await upcoming.getByRole('button', { name: `Mark lost: ${studentName}` }).click();
  const lostDialog = page.getByRole('dialog', { name: 'Mark lost' });
  await lostDialog.getByLabel(/Reason/).selectOption('Not interested');
  await lostDialog.getByRole('button', { name: 'Close enquiry' }).click();
  const lost = page.getByRole('region', { name: 'Lost' }).getByRole('listitem').filter({ hasText: studentName });
  await expect(lost).toContainText('Not interested');
  await expect(upcoming).toHaveCount(0);
  await lost.getByRole('button', { name: `Details: ${studentName}` }).click();
  await expect(details).toContainText('Lost: Not interested');
  await expect(details.getByRole('region', { name: 'Follow-up history' })).toContainText('Spoke to parent');
  if (shots) await page.screenshot({ path: `${shots}/enquiry-lost-details-${width}.png`, fullPage: true });
  await details.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('Enquiry reopened')).toBeVisible();
  await expect(lost).toHaveCount(0);
  await expect(upcoming).toHaveCount(1);

  // Registered from the enquiry: the form starts from it, and the enquiry leaves the queue.
  await upcoming.getByRole('button', { name: `Register this student: ${studentName}` }).click();
  await registerFromEnquiry(page, {
    studentName,
    parentNo,
    gender: 'Male',
    dob: '2011-02-11',
    motherName: 'Vaishali Deshpande',
    address: 'Ganpati Ali, Wai',
    pincode: '412803',
    school: 'Dravid High School',
    percentage: '81',
    email: 'sai@example.com',
    centreName: `Wai ${centreId}`,
    amountPaid: '5850',
    receiptBookNo: '8801',
  });

  await page.goto('/dashboard/followups');
  await expect(page.getByRole('region', { name: 'Upcoming' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: studentName })).toHaveCount(0);
  const report = await fetch(`${baseURL}/api/counsellor/enquiries?status=registered`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const registered = (await report.json()) as { data: { studentName: string }[] };
  expect(registered.data.map((e) => e.studentName)).toContain(studentName);
});
