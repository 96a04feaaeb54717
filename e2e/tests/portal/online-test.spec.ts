import { ADMIN } from '../../fixtures/accounts';
import { expect, signIn, test } from '../../fixtures/test';

/**
 * Issue 28 on a 360 px phone: a test over questions of a 12th paper, a student signs in with ID and date
 * of birth, answers, loses the connection, answers more (kept on the phone), comes back (sent), submits
 * and sees the score; the analysis then counts the sitting.
 */
test('a student sits a timed test through a dropped connection and sees the score @phone', async ({
  page,
  api,
  baseURL,
  context,
}) => {
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${await api.asAdmin()}` };
  const post = async (path: string, body: unknown, status = 201) => {
    const response = await fetch(`${baseURL}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    if (response.status !== status) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const counsellor = await api.createStaff('counsellor');
  const studentId = await api.registerStudent(counsellor, 'Sneha Joshi');
  await api.recordPaperConsent(counsellor, studentId);
  const subjectCode = 800_000 + Math.floor(Math.random() * 99_000);
  await post('/api/admin/addSubject', { subjectCode, subjectName: 'Physics', language: 'English', standard: '12th' });
  const chapter = (await post('/api/exam/chapters', { subjectCode, name: 'Optics' })).data;
  const ids: number[] = [];
  for (const question of [
    {
      type: 'single',
      textEn: 'Which lens converges light?',
      options: [{ en: 'Convex' }, { en: 'Concave' }],
      key: { choices: [0] },
      marks: 2,
    },
    {
      type: 'truefalse',
      textEn: 'Light travels faster in glass than in air.',
      textMr: 'काचेत प्रकाश हवेपेक्षा वेगाने जातो.',
      key: { truth: false },
      marks: 1,
      negativeMarks: 0.25,
    },
    {
      type: 'numeric',
      textEn: 'Refractive index of water (two decimals)?',
      key: { value: 1.33, tolerance: 0.01 },
      marks: 1,
    },
  ]) {
    ids.push(
      (
        await post('/api/exam/questions', {
          chapterId: chapter.id,
          difficulty: 'easy',
          explanationEn: 'See chapter 1.',
          ...question,
        })
      ).data.id,
    );
  }
  const title = `Optics practice ${subjectCode}`;
  await post('/api/exam/tests', {
    title,
    standards: ['12th'],
    subjectCodes: [subjectCode],
    questionIds: ids,
    durationMinutes: 20,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    showAnswers: 'after_submit',
  });

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

  // The analysis on the Online Tests screen (admins and teachers), on the same phone.
  await signIn(page, await api.login(ADMIN.email, ADMIN.password, 'admin'));
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

  const tests = await (await fetch(`${baseURL}/api/exam/tests`, { headers: admin })).json();
  const testId = tests.data.find((t: { title: string }) => t.title === title).id;
  const analysis = await (await fetch(`${baseURL}/api/exam/tests/${testId}/results`, { headers: admin })).json();
  expect(analysis.sat).toBe(1);
  expect(analysis.attempts[0]).toMatchObject({ studentId, scoreX100: 400, rank: 1 });
});
