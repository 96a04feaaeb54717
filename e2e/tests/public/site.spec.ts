import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';

/** SPEC §2: the marketing pages, the login page and the two flagged pages. */
const publicPages = [
  '/',
  '/about',
  '/courses',
  '/achievements',
  '/exam-centers',
  '/gallery',
  '/login',
  '/hallticket',
  '/result',
];

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page is wider than the screen').toBeLessThanOrEqual(widths.viewport);
}

for (const path of publicPages) {
  test(`${path} fits the screen and has no serious accessibility violations @phone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}

test('the home page has every section of SPEC §2, in order', async ({ page }) => {
  await page.goto('/');
  const headings = await page.locator('main h2').allTextContents();
  const sections = [
    'About Us',
    'Courses',
    'Achievements',
    'In Numbers',
    'What Students and Parents Say',
    'Exam Centres',
    'Gallery',
    'Contact Us',
  ];
  expect(headings.filter((heading) => sections.includes(heading))).toEqual(sections);
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible();
});

/** A clock that stands still until the test moves it, from before the page loads. */
async function stopClock(page: Page) {
  const start = new Date('2026-01-05T10:00:00+05:30');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test('the contact form needs its fields and consent, sends the enquiry, thanks the visitor for 3 s and resets', async ({
  page,
}) => {
  await stopClock(page);
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  const notice = form.getByRole('status');

  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(notice).toBeEmpty();

  await form.getByLabel('Name').fill('Asha Patil');
  await form.getByLabel('Email').fill('asha@example.com');
  await form.getByLabel('Phone').fill(`98${String(Date.now()).slice(-8)}`);
  await form.getByLabel('Standard').selectOption('10th');
  await form.getByLabel('City').fill('Baramati');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(notice).toBeEmpty(); // the message is still missing
  await form.getByLabel('Message').fill('Is there a centre in Baramati?');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(notice).toBeEmpty(); // the agreement to be contacted is still missing
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).click();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();

  await expect(notice).toHaveText('Thank you for your enquiry! We will get back to you soon.');
  for (const field of ['Name', 'Email', 'Phone', 'City', 'Message'])
    await expect(form.getByLabel(field)).toHaveValue('');
  await page.clock.runFor(2900);
  await expect(notice).toHaveText('Thank you for your enquiry! We will get back to you soon.');
  await page.clock.runFor(200);
  await expect(notice).toBeEmpty();
});

const activeSlide = (page: Page, carousel: string) =>
  page.getByRole('region', { name: carousel }).locator('[data-slide][data-active="true"]');

test('the hero advances every 5 s and the testimonials every 4 s, pausing under the mouse', async ({ page }) => {
  await stopClock(page);
  await page.goto('/');
  const hero = activeSlide(page, 'Highlights');
  const testimonial = activeSlide(page, 'What students and parents say');
  await expect(hero).toHaveAttribute('aria-label', '1 of 3');
  await expect(testimonial).toHaveAttribute('aria-label', '1 of 4');

  await page.clock.runFor(3990);
  await expect(testimonial).toHaveAttribute('aria-label', '1 of 4');
  await page.clock.runFor(20);
  await expect(testimonial).toHaveAttribute('aria-label', '2 of 4');
  await expect(hero).toHaveAttribute('aria-label', '1 of 3');
  await page.clock.runFor(1000);
  await expect(hero).toHaveAttribute('aria-label', '2 of 3');

  // Hovering the hero stops it; leaving restarts it with a full interval.
  await page.getByRole('region', { name: 'Highlights' }).hover();
  await page.clock.runFor(15_000);
  await expect(hero).toHaveAttribute('aria-label', '2 of 3');
  await page.mouse.move(0, 2000);
  await page.clock.runFor(5010);
  await expect(hero).toHaveAttribute('aria-label', '3 of 3');
  await page.clock.runFor(5000);
  await expect(hero).toHaveAttribute('aria-label', '1 of 3');

  // The dots and arrows work by hand.
  await page.getByRole('button', { name: 'Show slide 3' }).first().click();
  await expect(hero).toHaveAttribute('aria-label', '3 of 3');
});

test('the carousels stay still for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await stopClock(page);
  await page.goto('/');
  await page.clock.runFor(20_000);
  await expect(activeSlide(page, 'Highlights')).toHaveAttribute('aria-label', '1 of 3');
  await expect(activeSlide(page, 'What students and parents say')).toHaveAttribute('aria-label', '1 of 4');
  await page.getByRole('button', { name: 'Next slide' }).first().click();
  await expect(activeSlide(page, 'Highlights')).toHaveAttribute('aria-label', '2 of 3');
});

test('the statistics count up in 60 steps of 33 ms once half visible', async ({ page }) => {
  await stopClock(page);
  await page.goto('/');
  const statistics = page.locator('#statistics dl');
  const students = statistics.locator('[data-count-to="15000"]');
  await expect(students).toHaveText('0');
  await statistics.scrollIntoViewIfNeeded();
  // The observer reports on a real frame, not on the stopped clock: step the clock until counting starts.
  await expect
    .poll(async () => {
      await page.clock.runFor(33);
      return Number(await students.textContent());
    })
    .toBeGreaterThan(0);
  await page.clock.runFor(33 * 29);
  const halfway = Number(await students.textContent());
  expect(halfway).toBeGreaterThan(0);
  expect(halfway).toBeLessThan(15000);
  await page.clock.runFor(33 * 31);
  await expect(statistics).toContainText('15000+');
  await expect(statistics).toContainText('92%');
  await expect(statistics).toContainText('15+');
  // The exam centres: the real number the public site lists, not a claim.
  const listed = (await (await page.request.get('/api/public/examCentres')).json()).data.length;
  await expect(statistics.locator('[data-exam-centre-count]')).toHaveText(String(listed));
});

test('the exam centres come from the database, with college and city: the ones the admin lists', async ({
  page,
  api,
}) => {
  const centerName = `Centre ${Date.now().toString(36)}`;
  await api.addCentre({ centerName, collegeName: 'Dayanand College', city: 'Latur', listedPublicly: true });
  await api.addCentre({ centerName: `${centerName} (test)`, collegeName: 'Not Public College' });
  await page.goto('/exam-centers');
  const card = page.getByRole('listitem').filter({ hasText: centerName });
  await expect(card).toContainText('Dayanand College');
  await expect(card).toContainText('Latur');
  await expect(page.getByText('Not Public College')).toHaveCount(0);
});

test('the phone menu closes on Esc and on navigation; the top bar sticks after 50 px @phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();

  const topBar = page.locator('header[data-top-bar]');
  await expect(topBar).not.toHaveAttribute('data-stuck', 'true');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(topBar).toHaveAttribute('data-stuck', 'true');
  await expect(topBar).toBeInViewport();
});

test('the footer has the quick links, the address, the phone and WhatsApp', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
  await expect(quickLinks).toHaveText(['Home', 'About', 'Courses', 'Achievements', 'Exam Centres']);
  await expect(footer.locator('address')).toContainText('Pune');
  await expect(footer.getByRole('link', { name: /^Phone:/ })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
  await expect(footer.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/91\d{10}$/,
  );
});

test('the app reaches the marketing pages as documents: Back to Home from the hall-ticket page', async ({ page }) => {
  await page.goto('/hallticket');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible();
});
