import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, savePhoto, signIn, test } from '../../fixtures/test';

/** Saves a screenshot of the screen as it is when SCREENSHOTS names a folder (looked at by a person). */
async function shot(page: Page, name: string, project: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${project}.png`, fullPage: true });
}

/** The questions workbook a teacher fills in: the template's columns, three questions of Optics. */
async function opticsWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  const columns = ['Chapter', 'Type', 'Question (English)', 'Question (Marathi)', 'Option A', 'Option B'];
  const tail = ['Answer', 'Tolerance', 'Marks', 'Negative Marks', 'Difficulty', 'Explanation (English)'];
  sheet.addRow([...columns, 'Option C', 'Option D', 'Option E', 'Option F', ...tail, 'Explanation (Marathi)']);
  const blankOptions = ['', '', '', ''];
  sheet.addRow([
    'Optics',
    'single',
    'Which lens converges light?',
    '',
    'Convex',
    'Concave',
    ...blankOptions,
    'A',
    '',
    2,
    0,
    'easy',
    'See chapter 1.',
  ]);
  sheet.addRow([
    'Optics',
    'truefalse',
    'Light travels faster in glass than in air.',
    'काचेत प्रकाश हवेपेक्षा वेगाने जातो.',
    '',
    '',
    ...blankOptions,
    'False',
    '',
    1,
    0.25,
    'hard',
    'See chapter 1.',
  ]);
  sheet.addRow([
    'Optics',
    'numeric',
    'Refractive index of water (two decimals)?',
    '',
    '',
    '',
    ...blankOptions,
    1.33,
    0.01,
    1,
    0,
    'hard',
    'See chapter 1.',
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Issue 28 on a 360 px phone: a teacher imports a workbook of questions on the Online Tests screen (the
 * validation report first, then saved), writes one more question with a picture, builds a test of one
 * question picked by hand and two hard ones drawn from the chapter; a student signs in with ID and date
 * of birth, answers, loses the connection, answers more (kept on the phone), comes back (sent), submits
 * and sees the score; the teacher then sees the analysis.
 */
test('a teacher builds a test from imported questions; a student sits it through a dropped connection @phone', async ({
  page,
  api,
  baseURL,
  context,
}, testInfo) => {
  const project = testInfo.project.name;
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` };
  const call = async (method: string, path: string, body: unknown, status: number) => {
    const response = await fetch(`${baseURL}${path}`, { method, headers: admin, body: JSON.stringify(body) });
    if (response.status !== status) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Sneha Joshi');
  await api.recordPaperConsent(counsellor, studentId);
  const subjectCode = 800_000 + Math.floor(Math.random() * 99_000);
  await call(
    'POST',
    '/api/admin/addSubject',
    { subjectCode, subjectName: 'Physics', language: 'English', standard: '12th' },
    201,
  );
  const teacher = await api.createStaff('teacher');
  await call('PUT', `/api/admin/teachers/${teacher.uuid}/assignment`, { centres: [], papers: [subjectCode] }, 200);

  // The teacher imports the workbook: checked first (the report), then saved.
  await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
  await page.goto('/dashboard/onlinetests');
  const bank = page.getByRole('region', { name: 'Question bank' });
  // The paper is chosen by its name from the teacher's assigned papers (the only one here).
  const importPaper = bank.getByLabel('Paper (import)');
  await expect(importPaper.getByRole('option')).toHaveText(['Choose the paper', /^Physics \(12th, \d{4}\)$/]);
  await importPaper.selectOption(String(subjectCode));
  await bank.getByLabel('Workbook (.xlsx)').setInputFiles({
    name: 'Questions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await opticsWorkbook(),
  });
  await bank.getByRole('button', { name: 'Check' }).click();
  const report = bank.getByRole('status', { name: 'Validation report' });
  await expect(report).toContainText('3 questions read; new chapters: Optics');
  await bank.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bank.getByRole('row').filter({ hasText: 'Optics' })).toContainText('3');
  await shot(page, 'question-bank', project);

  // An imported question opens on the form as imported; one more is written there, with a picture
  // (medium: neither picked nor drawn below).
  await bank.getByRole('button', { name: 'Questions of Optics' }).click();
  await bank
    .getByRole('listitem')
    .filter({ hasText: 'Which lens converges light?' })
    .getByRole('button', { name: /^Edit/ })
    .click();
  const edit = page.getByRole('form', { name: /^Edit question/ });
  await expect(edit.getByLabel('Option A (English)')).toHaveValue('Convex');
  await expect(edit.getByRole('radio', { name: 'Option A is right' })).toBeChecked();
  await shot(page, 'question-edit', project);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await bank.getByRole('button', { name: 'New question' }).click();
  const form = page.getByRole('form', { name: 'New question' });
  await form.getByLabel('Type').selectOption('truefalse');
  await form.getByLabel('Question (English)').fill('The picture shows a convex lens.');
  await savePhoto(form, 'Picture (optional)');
  await form.getByLabel('Right answer').selectOption('true');
  await form.getByLabel('Difficulty').selectOption('medium');
  await shot(page, 'question-form', project);
  await form.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByRole('region', { name: 'Questions of Optics' }).getByRole('listitem')).toHaveCount(4);

  // The test: the lens question picked by hand, two hard ones drawn at random from Optics.
  const title = `Optics practice ${subjectCode}`;
  const testForm = page.getByRole('form', { name: 'New test' });
  await testForm.getByLabel('Title').fill(title);
  await testForm.getByRole('checkbox', { name: '10th', exact: true }).uncheck();
  await testForm.getByRole('checkbox', { name: '12th', exact: true }).check();
  await testForm.getByRole('checkbox', { name: /^Physics \(12th, \d{4}\)$/ }).check();
  await testForm.getByLabel('Chapter (rule 1)').selectOption({ label: 'Optics' });
  await testForm.getByLabel('Difficulty (rule 1)').selectOption('hard');
  await testForm.getByLabel('How many (rule 1)').fill('2');
  await expect(testForm.getByText('2 in the bank')).toBeVisible();
  await testForm.getByRole('checkbox', { name: /Which lens converges light\?/ }).check();
  await testForm.getByLabel('Duration (minutes)').fill('20');
  // The order as written, so the student's part below reads the questions one after another.
  await testForm.getByRole('checkbox', { name: 'Shuffle questions and options for each student' }).uncheck();
  await shot(page, 'test-form', project);
  await testForm.getByRole('button', { name: 'Create test' }).click();
  await expect(page.getByText('3 questions').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Tests' }).getByRole('listitem').filter({ hasText: title }),
  ).toContainText('3 questions');

  await page.goto('/student/login');
  await page.getByLabel('Student ID').fill(studentId);
  await page.getByLabel('Date of birth').fill('2010-05-05');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sneha Joshi' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Start test' }).click();

  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await page.getByRole('radio', { name: 'Convex' }).click();
  await expect(page.getByText('All answers saved')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'False' }).click();
  await expect(page.getByText(/You are offline\. 1 answer is kept on this phone/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Your answer (a number)').fill('1.33');
  await page.getByLabel('Your answer (a number)').blur();
  await expect(page.getByText(/2 answers are kept on this phone/)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 15_000 });
  // A reload resumes with the answers the server kept.
  await page.reload();
  await expect(page.getByRole('button', { name: /Question 3: answered/ })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Submit test' }).click();
  const score = page.getByRole('region', { name: 'Your score' });
  await expect(score).toContainText('4 / 4');
  await expect(score).toContainText('Rank 1 of 1');

  // The teacher's analysis on the Online Tests screen, on the same phone.
  await signIn(page, await api.login(teacher.email, teacher.password, 'teacher'));
  await page.goto('/dashboard/onlinetests');
  await page
    .getByRole('region', { name: 'Tests' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Results' })
    .click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText(`Results: ${title}`);
  await expect(results).toContainText('1 sat it');
  await expect(results.getByRole('listitem').filter({ hasText: studentId })).toContainText('4');
  await shot(page, 'test-results', project);

  const tests = await (await fetch(`${baseURL}/api/exam/tests`, { headers: admin })).json();
  const testId = tests.data.find((t: { title: string }) => t.title === title).id;
  const analysis = await (await fetch(`${baseURL}/api/exam/tests/${testId}/results`, { headers: admin })).json();
  expect(analysis.sat).toBe(1);
  expect(analysis.attempts[0]).toMatchObject({ studentId, scoreX100: 400, rank: 1 });
});
