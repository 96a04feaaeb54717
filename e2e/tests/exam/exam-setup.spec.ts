import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

// Centre IDs and subject codes are shared by the whole server: each run picks its own.
const id = 1000 + Math.floor(Math.random() * 8000);

test.describe('exam setup', () => {
  test.beforeEach(async ({ page, api }) => {
    await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  });

  test('an admin adds, edits and deletes an exam centre', async ({ page }) => {
    await page.goto('/dashboard/examcenter');
    await page.getByLabel('Centre ID').fill(String(id));
    await page.getByLabel('Centre Name').fill('Pune');
    await page.getByLabel('College Name').fill('Fergusson College');
    await page.getByLabel('Capacity').fill('400');
    await page.getByRole('button', { name: 'Add Centre' }).click();
    await expect(page.getByText('Centre added!')).toBeVisible();

    const row = page
      .getByRole('region', { name: 'Exam centres' })
      .getByRole('row')
      .filter({ hasText: String(id).padStart(4, '0') });
    await expect(row).toContainText('Fergusson College');
    await expect(row).toContainText('0 / 400');

    // The same ID again is refused with the server's message.
    await page.getByLabel('Centre ID').fill(String(id));
    await page.getByLabel('Centre Name').fill('Another');
    await page.getByLabel('College Name').fill('Another College');
    await page.getByRole('button', { name: 'Add Centre' }).click();
    await expect(page.getByText('An exam centre with this ID already exists')).toBeVisible();

    await row.getByRole('button', { name: 'Edit' }).click();
    const code = String(id).padStart(4, '0');
    await page.getByLabel(`Centre Name of centre ${code}`).fill('Pune East');
    await page.getByLabel(`Capacity of centre ${code}`).fill('450');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Centre details updated!')).toBeVisible();
    const edited = page.getByRole('region', { name: 'Exam centres' }).getByRole('row').filter({ hasText: code });
    await expect(edited).toContainText('Pune East');
    await expect(edited).toContainText('0 / 450');

    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect(edited).toHaveCount(0);
    expect(confirmText).toBe('Are you sure you want to delete this centre?');
  });

  // flagsLock: while its 12th paper exists, the exam-day test (which holds the same lock) would count it in
  // its student's paper set; the two take turns.
  test('an admin adds a subject, schedules it through the modal, sees a clash refused, and deletes it', async ({
    page,
    flagsLock: _flagsLock,
  }) => {
    await page.goto('/dashboard/settings');
    const addSubject = async (code: number, name: string) => {
      await page.getByRole('button', { name: 'Add Subject' }).click();
      await page.getByLabel('Subject Code').fill(String(code));
      await page.getByLabel('Subject Name').fill(name);
      await page.getByLabel('Language').fill('English');
      await page.getByLabel('Standard').selectOption('12th');
      await page.getByRole('button', { name: 'Save Subject' }).click();
      await expect(
        page.getByRole('region', { name: 'Subjects' }).getByRole('row').filter({ hasText: name }),
      ).toBeVisible();
    };
    await addSubject(id, `Physics ${id}`);
    await addSubject(id + 1, `Chemistry ${id}`);

    const physics = page
      .getByRole('region', { name: 'Subjects' })
      .getByRole('row')
      .filter({ hasText: `Physics ${id}` });
    await physics.getByRole('button', { name: 'Add Date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Exam Details' });
    // Unscheduled: the modal starts at 1:00 AM.
    await expect(dialog.getByLabel('From Hour')).toHaveValue('1');
    await expect(dialog.getByLabel('From Period')).toHaveValue('AM');
    await dialog.getByLabel('Exam Date').fill('2027-03-10');
    await dialog.getByLabel('From Hour').selectOption('11');
    await dialog.getByLabel('To Hour').selectOption('2');
    await dialog.getByLabel('To Period').selectOption('PM');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(physics).toContainText('10/03/2027');
    await expect(physics).toContainText('11:00 AM-2:00 PM');

    // Reopened, it is an update, pre-filled from what was stored.
    await physics.getByRole('button', { name: 'Update Date' }).click();
    const update = page.getByRole('dialog', { name: 'Update Exam Details' });
    await expect(update.getByLabel('From Hour')).toHaveValue('11');
    await expect(update.getByLabel('To Period')).toHaveValue('PM');
    await update.getByRole('button', { name: 'Cancel' }).click();

    // The other 12th paper at an overlapping time on the same date is refused.
    const chemistry = page
      .getByRole('region', { name: 'Subjects' })
      .getByRole('row')
      .filter({ hasText: `Chemistry ${id}` });
    await chemistry.getByRole('button', { name: 'Add Date' }).click();
    const clash = page.getByRole('dialog', { name: 'Add Exam Details' });
    await clash.getByLabel('Exam Date').fill('2027-03-10');
    await clash.getByLabel('From Hour').selectOption('1');
    await clash.getByLabel('From Period').selectOption('PM');
    await clash.getByLabel('To Hour').selectOption('4');
    await clash.getByLabel('To Period').selectOption('PM');
    await clash.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`This time overlaps Physics ${id} (${id})`)).toBeVisible();
    await clash.getByRole('button', { name: 'Cancel' }).click();

    let confirmText = '';
    page.on('dialog', (browserDialog) => {
      confirmText = browserDialog.message();
      void browserDialog.accept();
    });
    await chemistry.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Subject deleted')).toBeVisible();
    expect(confirmText).toBe('Are you sure you want to delete subject ?');
    await expect(chemistry).toHaveCount(0);
    await physics.getByRole('button', { name: 'Delete' }).click();
    await expect(physics).toHaveCount(0);
  });

  test('missing subject fields show the spec message', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Add Subject' }).click();
    await page.getByRole('button', { name: 'Save Subject' }).click();
    await expect(page.getByText('All fields are required').first()).toBeVisible();
  });
});
