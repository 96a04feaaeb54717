import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('a counsellor edits an enquiry, closes it as a duplicate, finds it under Show closed; Activity says so @phone', async ({
  page,
  api,
  request,
}, testInfo) => {
  const counsellor = await api.createStaff('counsellor');
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const studentNo = `96${String(Date.now()).slice(-8)}`;
  const studentName = `Kavya Shinde ${studentNo.slice(-4)}`;
  const recorded = await request.post('/api/counsellor/visiting', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      studentName,
      gender: 'Female',
      dob: '2011-03-02',
      address: 'Shivaji Nagar, Pune',
      pincode: '411005',
      standard: '10th',
      branch: 'English',
      schoolCollege: 'New English School',
      previousYearPercent: 84,
      email: 'kavya@example.com',
      studentNo,
      parentsNo: '9822033445',
      notificationNo: studentNo,
      demoGiven: 'NO',
      reason: 'Other',
      otherReason: 'Will visit with her father',
    },
  });
  expect(recorded.status()).toBe(201);
  const enquiryId: number = (await recorded.json()).data.id;

  await signIn(page, session);
  await page.goto('/dashboard/visitingtable');
  await page.getByLabel('Search', { exact: true }).fill(studentNo);
  await page.getByRole('button', { name: `View ${studentName}` }).click();
  const details = page.getByRole('dialog', { name: 'Visiting Form Details' });
  await details.getByRole('button', { name: 'Edit' }).click();

  const editing = page.getByRole('dialog', { name: 'Edit Enquiry' });
  await expect(editing.getByLabel('Other Reason', { exact: true })).toHaveValue('Will visit with her father');
  await editing.getByLabel('School / College', { exact: true }).fill('Fergusson College');
  await editing.getByLabel('Pincode', { exact: true }).fill('4110');
  await expect(editing.getByText('Pincode must be 6 digits')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('edit.png') });
  await editing.getByLabel('Pincode', { exact: true }).fill('411004');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enquiry updated')).toBeVisible();
  await expect(details).toContainText('Fergusson College');

  await details.getByRole('button', { name: 'Close enquiry' }).click();
  await details.getByLabel('Reason', { exact: true }).selectOption('Duplicate');
  await page.screenshot({ path: testInfo.outputPath('close.png') });
  await details.getByRole('button', { name: 'Close enquiry' }).click();
  await expect(page.getByText('Enquiry closed', { exact: true })).toBeVisible();
  await expect(details).toContainText('Closed: Duplicate');
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  // Closed enquiries leave the list, and come back with Show closed.
  await expect(page.getByText('No visiting records found.')).toBeVisible();
  await page.getByRole('switch', { name: 'Show closed' }).click();
  await expect(page.getByRole('region', { name: 'Visiting records' })).toContainText('Closed: Duplicate');
  await page.screenshot({ path: testInfo.outputPath('show-closed.png'), fullPage: true });

  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/activity');
  // Only enquiries: other tests running at once write entries of their own.
  await page.getByLabel('Record', { exact: true }).selectOption('Enquiry');
  const subject = `Enquiry ${enquiryId} (${studentName})`;
  await expect(page.getByText(`${counsellor.name} (Counsellor) closed ${subject}`)).toBeVisible();
  await expect(page.getByText(`${counsellor.name} (Counsellor) changed ${subject}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('activity.png'), fullPage: true });
});
