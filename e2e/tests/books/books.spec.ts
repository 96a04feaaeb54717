import { ADMIN } from '../../fixtures/accounts';
import { type Api, expect, signIn, test } from '../../fixtures/test';

const twelfth = ['Physics', 'Chemistry', 'Math', 'Biology'];
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function sendChallanByApi(api: Api, baseURL: string, counsellorId: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/addBooksWithChalan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` },
    body: JSON.stringify({
      chalanDate: today(),
      counsellorId,
      items: [{ standard: 'receiptBook', bookName: `RB-${Math.random().toString(36).slice(2, 7)}`, totalCount: 50 }],
    }),
  });
  if (response.status !== 201) throw new Error(`challan: ${response.status} ${await response.text()}`);
  return (await response.json()).data.chalanNo;
}

test('an admin sends a challan; the counsellor receives it and gives a set; the admin sees it all', async ({
  page,
  api,
  baseURL,
}) => {
  // One long journey through three screens and two roles.
  test.setTimeout(90_000);
  const counsellor = await api.createStaff('counsellor', `Book Counsellor ${Date.now() % 100000}`);
  const studentName = 'Sneha Kulkarni';
  await api.registerStudent(counsellor, studentName);

  // The admin sends the four 12th books, two of each, with a pamphlet.
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/bookentries');
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Challan Entry' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please select a counsellor');
  const picker = form.getByRole('combobox', { name: 'Counsellor' });
  await picker.click();
  await picker.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Please add at least one entry (book, pamphlet, or receipt book) with valid data',
  );
  for (const book of twelfth) await form.getByLabel(`12th ${book}`, { exact: true }).fill('2');
  await form.getByLabel('Pamphlet count').fill('30');
  await expect(form.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Entry added successfully with challan!')).toBeVisible();

  const viewPicker = page.getByRole('combobox', { name: 'Counsellor' });
  await viewPicker.click();
  await viewPicker.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  await expect(page.getByRole('heading', { name: '12th Standard' })).toBeVisible();
  await expect(page.getByRole('region', { name: '12th Standard books' })).toContainText('Physics');

  // The counsellor confirms the new stock and hands the 12th set to the student.
  await signIn(page, await api.login(counsellor.email, counsellor.password, 'counsellor'));
  await page.goto('/dashboard/bookdistribution');
  await expect(page.getByRole('heading', { name: 'My Book Inventory' })).toBeVisible();
  // The students waiting for books come first; the inventory follows.
  const inventoryTop = (await page.getByRole('heading', { name: 'My Book Inventory' }).boundingBox())?.y ?? -1;
  const studentsTop =
    (await page.getByRole('heading', { name: 'Eligible Students for Book Distribution' }).boundingBox())?.y ??
    Number.POSITIVE_INFINITY;
  expect(studentsTop).toBeLessThan(inventoryTop);
  for (const book of twelfth) {
    await page.getByRole('button', { name: `Mark Received: 12th ${book}` }).click();
    await expect(page.getByRole('button', { name: `Mark Received: 12th ${book}` })).toHaveCount(0);
  }
  const eligible = page.getByRole('region', { name: 'Eligible students' });
  await expect(eligible).toContainText(studentName);
  await page.getByPlaceholder('Search by student name, ID, or book set...').fill('nobody-matches');
  await expect(eligible).toContainText('No eligible students found');
  await page.getByPlaceholder('Search by student name, ID, or book set...').fill('sneha');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Are you sure you want to mark the 12th book set as distributed ${studentName}?`);
    void dialog.accept();
  });
  await eligible.getByRole('button', { name: `Mark Given: 12th set to ${studentName}` }).click();
  await expect(page.getByText('Books for 12th marked as given')).toBeVisible();
  await expect(eligible).toContainText('No eligible students found');
  await expect(page.getByRole('region', { name: '12th Standard books' })).toContainText('Physics');

  // Eleven more challans for paging, then the admin's Challan Management System.
  const numbers: string[] = [];
  for (let index = 0; index < 11; index += 1)
    numbers.push(await sendChallanByApi(api, baseURL as string, counsellor.uuid));
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
  await page.goto('/dashboard/chalan');
  const filter = page.getByRole('combobox', { name: 'Counsellor' });
  await filter.click();
  await filter.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  await expect(page.getByText('Showing 10 of 12 challans')).toBeVisible();
  await expect(page.getByText('Showing 1 to 10 of 12 entries')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 11 to 12 of 12 entries')).toBeVisible();
  const list = page.getByRole('region', { name: 'Challans' });
  await expect(list.getByRole('button', { name: /View details of challan/ })).toHaveCount(2);

  // The number search resets the page; the first challan holds the books.
  await page.getByLabel('Challan Number').fill(numbers[0] ?? '');
  await expect(page.getByText(/Showing 1 of 1 challans/)).toBeVisible();
  await page.getByLabel('Challan Number').fill('');
  await page.getByLabel('Date From').fill('2001-01-01');
  await page.getByLabel('Date To').fill('2001-01-02');
  await expect(page.getByText('No challans found matching your criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await filter.click();
  await filter.fill(counsellor.name);
  await page.getByRole('option', { name: new RegExp(counsellor.name) }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const oldest = list.getByRole('button', { name: /View details of challan/ }).last();
  await oldest.click();
  const details = page.getByRole('dialog', { name: /Challan \d{4}/ });
  await expect(details).toContainText('Physics');
  await expect(details).toContainText('Pamphlets');
  const [year, month, day] = today().split('-');
  await expect(details).toContainText(`${day}/${month}/${year}`);
  await details.getByRole('button', { name: 'Challan PDF' }).click();
  await expect(page.getByRole('dialog', { name: /Challan - / })).toBeVisible();
});
