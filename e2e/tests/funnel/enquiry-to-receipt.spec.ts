import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';
import { followUpInterested, registerFromEnquiry, sendContactForm } from './funnel-steps';

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
  await sendContactForm(page, {
    name: studentName,
    email: 'riya.parent@example.com',
    phone: parentNo,
    city,
    message: 'Is there a mock exam centre in Karad?',
  });

  // It is due today in the counsellor's follow-up queue; followed up with a next date, it moves to Upcoming.
  await signIn(page, session);
  const upcoming = await followUpInterested(page, studentName, 'Mother asked about the fees');

  // Registered from the enquiry: the form starts from it.
  await upcoming.getByRole('button', { name: `Register this student: ${studentName}` }).click();
  const studentId = await registerFromEnquiry(page, {
    studentName,
    parentNo,
    gender: 'Female',
    dob: '2009-05-14',
    motherName: 'Sunita Kulkarni',
    address: 'Shaniwar Peth, Karad',
    pincode: '415110',
    school: 'Tilak High School',
    percentage: '78',
    email: 'riya@example.com',
    centreName,
    amountPaid: '3000',
    receiptBookNo: '9901',
    dueDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  });

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
