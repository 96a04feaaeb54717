import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

test('a new centre is not public until the admin lists it on the Exam Centre screen', async ({ page, api }) => {
  const centerName = `Chinchwad ${Date.now().toString(36)}`;
  await api.addCentre({ centerName, collegeName: 'Chinchwad Science College', city: 'Pune' });
  const listedOnSite = async () =>
    (await (await page.request.get('/api/public/examCentres')).json()).data.some(
      (centre: { centerName: string }) => centre.centerName === centerName,
    );
  expect(await listedOnSite()).toBe(false);

  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/examcenter');
  const toggle = page.getByRole('checkbox', { name: `List ${centerName} on the public site` });
  await expect(toggle).not.toBeChecked();
  // The box shows the server's state: it turns checked once the listing is saved, not on the click itself,
  // so `check()` (which expects the state to change at once) would race the answer.
  await toggle.click();
  await expect(page.getByText('The centre is listed on the public site')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await listedOnSite()).toBe(true);

  await page.goto('/exam-centers');
  await expect(page.getByRole('listitem').filter({ hasText: centerName })).toContainText('Chinchwad Science College');
});
