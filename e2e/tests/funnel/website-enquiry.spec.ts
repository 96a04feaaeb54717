import { expect, signIn, test } from '../../fixtures/test';
import { followUpInterested, registerFromEnquiry, sendContactForm } from './funnel-steps';

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
