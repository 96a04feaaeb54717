import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

// Opening a session for registration would move every other test's registrations: this one only creates
// and edits the next session.
test('the admin starts the next exam session from the Exam Sessions screen @phone', async ({ page, api }) => {
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/sessions');
  await expect(page.getByRole('heading', { name: 'Exam Sessions' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Exam sessions' });
  // One session is open for registration: the only one without the button to open it.
  const open = sessions
    .getByRole('listitem')
    .filter({ hasNot: page.getByRole('button', { name: 'Open for registration' }) });
  await expect(open).toHaveCount(1);
  await expect(open.getByText('Open for registration', { exact: true })).toBeVisible();
  const openYear = Number(await open.locator('dd').first().textContent());

  await page.getByRole('button', { name: 'Start the next session' }).click();
  const form = page.getByRole('form', { name: 'Start the next session' });
  // The next exam year after the latest session's is suggested, with its name and dates.
  const suggested = Number(await form.getByLabel('Exam year (10th, 12th)').inputValue());
  expect(suggested).toBeGreaterThan(openYear);
  await expect(form.getByLabel('Name')).toHaveValue(
    `Mock Board Exams ${suggested}-${String((suggested + 1) % 100).padStart(2, '0')}`,
  );
  // Runs on other projects share the server: each takes a year of its own.
  const year = 2040 + Math.floor(Math.random() * 59);
  await form.getByLabel('Exam year (10th, 12th)').fill(String(year));
  await form.getByLabel('Starts on').fill(`${year}-06-01`);
  // A session that ends before it starts is refused on the field.
  await form.getByLabel('Ends on').fill(`${year}-01-01`);
  await form.getByRole('button', { name: 'Create session' }).click();
  await expect(form.getByText('The session cannot end before it starts')).toBeVisible();
  await form.getByLabel('Ends on').fill(`${year + 1}-03-31`);
  await form.getByLabel('Name').fill(`E2E Season ${year}`);
  await form.getByRole('button', { name: 'Create session' }).click();

  const created = sessions.getByRole('listitem', { name: `E2E Season ${year}` });
  await expect(created).toBeVisible();
  await expect(created.getByRole('button', { name: 'Open for registration' })).toBeVisible();
  await expect(created.getByRole('switch', { name: 'Hall Ticket' })).toHaveAttribute('aria-checked', 'false');
  await created.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('form', { name: `Edit E2E Season ${year}` })
    .getByLabel('Name')
    .fill(`E2E Season ${year} (renamed)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(sessions.getByRole('listitem', { name: `E2E Season ${year} (renamed)` })).toBeVisible();
});

test("the registration form shows the open session's exam years, never the calendar's @phone", async ({
  page,
  api,
}) => {
  const counsellor = await api.createStaff('counsellor');
  const session = await api.login(counsellor.email, counsellor.password, 'counsellor');
  const open = await (
    await fetch(`${test.info().project.use.baseURL}/api/counsellor/openExamSession`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json();
  await signIn(page, session);
  await page.goto('/dashboard/register');
  const standard = page.getByLabel('Standard', { exact: true });
  const examYear = page.getByLabel('Exam Year');
  await standard.selectOption('10th');
  await expect(examYear).toHaveValue(String(open.data.examYear));
  await standard.selectOption('11th+12th');
  await expect(examYear).toHaveValue(String(open.data.twoYearExamYear));
});
