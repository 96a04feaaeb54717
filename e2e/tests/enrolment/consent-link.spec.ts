import { CONSENT_LINK } from '@app/domain/privacy.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { providerServer } from '../../fixtures/provider-server';
import { expect, signIn, test } from '../../fixtures/test';

/**
 * Issue 27's consent page: with a messaging provider the consent code's message also carries a link the
 * parent answers on alone. A server of its own sends through the stand-in WhatsApp provider; the test
 * reads the link from the message the stand-in received, opens it as the parent on the project's page
 * (360 px phone, 1280 px desktop), reads the notice in English and Marathi, agrees, and then the
 * counsellor's screen and the API no longer hold the student, and the link is spent.
 */
const server = providerServer('consent_link', 1);
const shots = process.env.E2E_SHOTS;
const linkPattern = new RegExp(`/consent/(${CONSENT_LINK.tokenPattern.source.slice(1, -1)})`);

test('@phone a parent answers the consent link from the provider’s message', async ({ page, api, browser }) => {
  test.setTimeout(90_000);
  const counsellor = await api.createStaff('counsellor');
  const parentNo = `93${String(Date.now()).slice(-8)}`;
  const studentName = 'Sakshi Kulkarni';
  const studentId = await api.registerStudent(counsellor, studentName, { parentsNo: parentNo });
  const width = page.viewportSize()?.width ?? 1280;

  // The counsellor, in a browser of their own, sends the code from the consent screen.
  const desk = await browser.newContext({ baseURL: server.base, viewport: page.viewportSize() });
  const counsellorPage = await desk.newPage();
  await signIn(counsellorPage, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await counsellorPage.goto(`/dashboard/consent?studentId=${studentId}`);
  const summary = counsellorPage.getByRole('region', { name: 'Consent' });
  await expect(summary).toContainText('Waiting for consent');
  await counsellorPage.getByLabel('Language of the message', { exact: true }).selectOption('en');
  await counsellorPage.getByRole('button', { name: 'Send code' }).click();
  await expect(counsellorPage.getByText(`Code sent to ••••••${parentNo.slice(-4)}`)).toBeVisible();
  // A provider sent it: no prepared WhatsApp message for the counsellor to send by hand.
  await expect(counsellorPage.getByRole('link', { name: 'Open WhatsApp' })).toHaveCount(0);

  // The stand-in provider received the message for the parent's phone; the link is in it.
  await expect
    .poll(() => server.standIn.requests.filter((request) => request.to === `91${parentNo}`).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const message = server.standIn.requests.find((request) => request.to === `91${parentNo}`);
  const token = linkPattern.exec(JSON.stringify(message?.body))?.[1];
  expect(token, 'the consent link in the message').toBeTruthy();

  // The parent opens it on their own page.
  await page.goto(`/consent/${token}`);
  await expect(page.getByRole('heading', { name: 'Your consent · तुमची संमती' })).toBeVisible();
  await expect(page.getByText(studentName, { exact: true })).toBeVisible();
  await expect(page.getByText('Please read the privacy notice (version 1) and answer below.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy notice', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'गोपनीयता सूचना', exact: true })).toBeVisible();
  const agree = page.getByRole('button', { name: /^I agree\s*मी सहमत आहे$/ });
  await expect(agree).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots) await page.screenshot({ path: `${shots}/consent-link-${width}.png`, fullPage: true });

  await agree.click();
  await expect(page.getByRole('status')).toHaveText(privacyMessages.consentLinkGiven);
  await expect(page.locator('form[data-consent-link]')).toBeHidden();
  if (shots) await page.screenshot({ path: `${shots}/consent-link-thanks-${width}.png`, fullPage: true });

  // The student is held no more: the counsellor's screen, and the admin's waiting list through the API.
  await counsellorPage.reload();
  await expect(summary).toContainText('Consent given');
  await expect(summary.locator('dl > div').filter({ hasText: 'Student sign-in' })).toContainText('Allowed');
  await expect(counsellorPage.getByRole('region', { name: 'History' })).toContainText('Parent (consent link)');
  const waiting = await fetch(`${server.base}/api/admin/consent/waiting`, {
    headers: { authorization: `Bearer ${await api.asAdmin()}` },
  });
  expect(waiting.status).toBe(200);
  const held: { students: { studentId: string }[] } = await waiting.json();
  expect(held.students.map((student) => student.studentId)).not.toContain(studentId);
  await desk.close();

  // The link is spent: opened again, it says so and offers no answer.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(privacyMessages.consentLinkInvalid);
  await expect(page.locator('form[data-consent-link]')).toBeHidden();
});
