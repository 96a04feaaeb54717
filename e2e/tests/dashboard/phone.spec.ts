import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../../fixtures/accounts';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

const PHONE_WIDTH = 360;
test.use({ viewport: { width: PHONE_WIDTH, height: 740 }, isMobile: true, hasTouch: true });

type Role = 'admin' | 'counsellor' | 'teacher';

/** Every dashboard page each role may open (packages/domain dashboard.rules). */
const pagesOf: Record<Role, string[]> = {
  counsellor: [
    'home',
    'profile',
    'register',
    'visiting',
    'registertable',
    'visitingtable',
    'paymenttable',
    'bookdistribution',
    'settlement',
  ],
  admin: [
    'home',
    'profile',
    'settings',
    'user',
    'examcenter',
    'registertable',
    'visitingtable',
    'paymenttable',
    'bookentries',
    'chalan',
    'collection',
    'studentedit',
    'activity',
  ],
  teacher: ['home', 'profile'],
};

/** Each page's main action: what a person opens the page to do. */
const mainActions: Record<string, (page: Page, role: Role) => Locator> = {
  home: (page) => page.getByRole('heading', { level: 1 }),
  profile: (page) => page.getByRole('heading', { level: 1 }),
  settings: (page) => page.getByRole('button', { name: 'Add Subject' }),
  user: (page) => page.getByRole('button', { name: 'Add User' }),
  examcenter: (page) => page.getByRole('button', { name: 'Add Centre' }),
  register: (page) => page.getByLabel('Student Name', { exact: true }),
  visiting: (page) => page.getByRole('button', { name: 'Submit' }),
  registertable: (page, role) =>
    page.getByRole('button', { name: role === 'counsellor' ? /^Make Payment/ : /^PDF of/ }).first(),
  visitingtable: (page, role) =>
    page.getByRole('button', { name: role === 'counsellor' ? /^Register this student/ : /^View / }).first(),
  paymenttable: (page) => page.getByRole('button', { name: /^Receipt of/ }).first(),
  collection: (page) => page.getByLabel('Counsellor', { exact: true }),
  settlement: (page) => page.getByLabel('Amount', { exact: true }),
  activity: (page) => page.getByRole('region', { name: 'Filters' }),
  bookentries: (page) => page.getByRole('button', { name: 'Add Entry' }),
  chalan: (page) => page.getByRole('button', { name: 'Clear Filters' }),
  bookdistribution: (page) => page.getByPlaceholder('Search by student name, ID, or book set...'),
};
/** Sections of a later release show their heading and a note. */
const comingSoon = (page: Page) => page.getByRole('heading', { level: 1 });

/** Serious and critical axe findings inside `selector` (the whole page without one). */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading...')).toHaveCount(0, { timeout: 10_000 });
}

/** The page fits 360 px, its main action shows inside the width, and axe finds nothing serious. */
async function checkPage(page: Page, role: Role, path: string): Promise<string[]> {
  await page.goto(`/dashboard/${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  const problems: string[] = [];
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE_WIDTH) problems.push(`${role} ${path}: the page is ${width} px wide`);

  const action = (mainActions[path] ?? comingSoon)(page, role);
  await expect(action, `${role} ${path}: main action`).toBeVisible();
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > PHONE_WIDTH + 0.5) {
    problems.push(`${role} ${path}: the main action is outside the screen (${JSON.stringify(box)})`);
  }

  for (const violation of await seriousViolations(page)) problems.push(`${role} ${path}: ${violation}`);
  return problems;
}

for (const role of ['counsellor', 'admin', 'teacher'] as const) {
  test(`every ${role} page fits 360 px, shows its main action, and has no serious accessibility violations`, async ({
    page,
    api,
  }) => {
    test.setTimeout(150_000);
    // A counsellor with a student and an enquiry, so the tables show their row actions (the admin sees them too).
    const counsellor = await api.createStaff('counsellor');
    const counsellorSession = await api.login(counsellor.email, counsellor.password, 'counsellor');
    await api.registerStudent(counsellor, `Phone Check ${Date.now() % 100000}`, { amountPaid: 2900 });
    const studentNo = `95${String(Date.now()).slice(-8)}`;
    const enquiry = await fetch(`${test.info().project.use.baseURL}/api/counsellor/visiting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${counsellorSession.token}` },
      body: JSON.stringify({
        studentName: 'Phone Enquiry',
        gender: 'Female',
        dob: '2011-02-02',
        address: 'Pune',
        pincode: '411001',
        standard: '10th',
        branch: 'English',
        schoolCollege: 'School',
        previousYearPercent: 70,
        email: 'enquiry@example.com',
        studentNo,
        parentsNo: '9822077889',
        notificationNo: studentNo,
        demoGiven: 'NO',
        reason: 'Other',
        otherReason: 'Thinking it over',
      }),
    });
    expect(enquiry.status).toBe(201);
    let session = counsellorSession;
    if (role === 'admin') session = await api.login(ADMIN.email, ADMIN.password, 'admin');
    if (role === 'teacher') {
      const teacher = await api.createStaff('teacher');
      session = await api.login(teacher.email, teacher.password, 'teacher');
    }
    await signIn(page, session);
    const problems: string[] = [];
    for (const path of pagesOf[role]) problems.push(...(await checkPage(page, role, path)));
    expect(problems).toEqual([]);
  });
}

test("the 'Explore more' hint keeps its contrast and leaves the page title uncovered; a skip link leads to the content", async ({
  page,
  api,
}) => {
  const teacher = await api.createStaff('teacher');
  await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
  await page.goto('/dashboard/home');
  const hint = page.getByText('Explore more');
  await expect(hint).toBeVisible();
  const [hintBox, titleBox] = await Promise.all([
    hint.boundingBox(),
    page.getByRole('heading', { level: 1 }).boundingBox(),
  ]);
  expect(hintBox && titleBox && hintBox.y + hintBox.height <= titleBox.y).toBe(true);
  expect(await seriousViolations(page, 'header')).toEqual([]);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await skip.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test("the 'Saved' badge on a photo keeps its contrast", async ({ page, api }) => {
  const counsellor = await api.createStaff('counsellor');
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/register');
  await savePhoto(page, 'Student Photo');
  expect(await seriousViolations(page, 'fieldset')).toEqual([]);
});
