import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

const shots = process.env.E2E_SHOTS;

for (const width of [360, 1280]) {
  test(`both Home screens show their figures and charts at ${width} px`, async ({ page, api }) => {
    await page.setViewportSize({ width, height: 900 });
    const counsellor = await api.createStaff('counsellor');
    await api.registerStudent(counsellor, 'Home Test Student', { amountPaid: 2000 });

    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
    await page.goto('/dashboard/home');
    // What the admin acts on comes first: the switches on the first screen, the export's heading above the figures.
    const controls = page.getByRole('region', { name: 'Admin Controls' });
    await expect(controls.getByRole('switch').first()).toBeInViewport();
    const exportTop = (await page.getByRole('heading', { name: 'Excel Export Tool' }).boundingBox())?.y ?? Infinity;
    const figuresTop = (await page.getByRole('region', { name: 'Figures' }).boundingBox())?.y ?? -1;
    expect(exportTop).toBeLessThan(figuresTop);
    const figures = page.getByRole('region', { name: 'Figures' });
    await expect(figures.getByRole('link', { name: /Registrations today/ })).toBeVisible();
    await expect(figures.getByRole('link', { name: /Fees outstanding ₹/ })).toBeVisible();
    await expect(page.getByText(/Registrations per day, last 60 days/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registrations per exam centre' })).toBeAttached();
    await expect(page.getByText('Fees collected and outstanding per counsellor')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/admin-home-${width}.png`, fullPage: true });
    await figures.getByRole('link', { name: /Students overdue/ }).click();
    await expect(page.getByRole('heading', { name: 'Overdue Fees', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overdue students' })).toBeVisible();

    await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
    await page.goto('/dashboard/home');
    const own = page.getByRole('region', { name: 'Your figures' });
    await expect(own.getByRole('link', { name: 'My registrations 1' })).toBeVisible();
    await expect(own.getByRole('link', { name: 'Fees outstanding ₹5,900' })).toBeVisible();
    await expect(own.getByRole('link', { name: /Enquiries this week 0/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/counsellor-home-${width}.png`, fullPage: true });
  });
}
