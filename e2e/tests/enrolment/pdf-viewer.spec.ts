import { expect, signIn, test } from '../../fixtures/test';

test('on a phone the PDF viewer offers Download PDF, Open in Browser and Cancel @phone', async ({ page, api }) => {
  test.skip(test.info().project.name !== 'phone', 'phone layout only');
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Tanvi Gaikwad');
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/registertable');
  await page.getByRole('button', { name: /^PDF of Tanvi Gaikwad/ }).click();
  const viewer = page.getByRole('dialog', { name: 'PDF Preview - Tanvi Gaikwad' });
  await expect(viewer).toContainText(studentId);
  // Download and open are links to the PDF, as a phone's browser expects; no embedded preview.
  await expect(viewer.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Open in Browser' })).toHaveAttribute('href', /^blob:/);
  await expect(viewer.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(viewer.locator('iframe')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`Registration_${studentId}.pdf`);
});
