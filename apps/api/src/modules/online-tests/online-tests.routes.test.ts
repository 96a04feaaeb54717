import { messages } from '@app/domain/messages';
import { questionSheetColumns } from '@app/domain/online-tests.schemas';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, testQuestions } from '../../db/schema';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';
import { examFixtures } from '../../testing/exam-fixtures';
import { onlineTestFixtures } from '../../testing/online-tests';
import { multipartBody, testJpeg } from '../../testing/photos';
import { markConsentGiven } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { gradeOverdueAttempts } from './online-tests.service';

/**
 * Issue 28 on both databases: students' own sign-in, the question bank, and sitting a timed test with
 * the server's clock (moved by the test).
 */
let t: TestApp;
let now = new Date('2026-03-31T18:20:00.000Z'); // 11:50 PM in Asia/Kolkata, 31 March: the test crosses midnight and 1 April
let admin: { authorization: string };
let f: ReturnType<typeof onlineTestFixtures>;
let asha: string;
let ravi: string;
let twelfth: string;
let bank: { chapterId: number; ids: number[] };
let pictureJpeg: Buffer;
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.adminAuth();
  f = onlineTestFixtures(t);
  const exam = examFixtures(t);
  await exam.centre(61);
  await exam.paper(7101, { name: 'Mathematics' });
  await exam.paper(7102, { name: 'Science' });
  asha = await exam.student({ centerId: 61, name: 'Asha Patil' });
  ravi = await exam.student({ centerId: 61, name: 'Ravi More' });
  twelfth = await exam.student({ centerId: 61, name: 'Kiran Shah', standard: '12th' });
  // Their parents consented at the office (issue 27); a student without consent is refused below.
  await markConsentGiven(t.app.deps.database, [asha, ravi, twelfth]);
  bank = await f.chapterWithQuestions(admin, 7101);
  pictureJpeg = await testJpeg();
});
afterAll(() => t.close());

describe('student sign-in', () => {
  it('signs in with ID and date of birth; an unknown ID and a wrong date answer the same', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: asha, dob: '2010-01-10' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ studentId: asha, studentName: 'Asha Patil' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: asha, dob: '2010-01-11' },
      remoteAddress: '10.9.0.1',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: '2699999', dob: '2010-01-10' },
      remoteAddress: '10.9.0.2',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('refuses after 5 wrong dates from one address, even the right one (the verdict comes first)', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 5; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/student/login',
        payload: { studentId: ravi, dob: `2009-01-1${i}` },
        remoteAddress: ip,
      });
      expect(r.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: ravi, dob: '2010-01-10' },
      remoteAddress: ip,
    });
    expect(right.statusCode).toBe(429);
    // Another address is still answered.
    await f.signIn(ravi, '2010-01-10', '10.9.1.2');
  });

  it('a student token opens only student routes; a staff token no student route', async () => {
    const student = await f.signIn(asha);
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: student })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: student })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/exam/tests', headers: student })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: admin })).statusCode).toBe(403);
  });

  it("the page shows the student's own details and fees, and a receipt of their own payment only", async () => {
    const me = (await f.call('GET', '/api/student/me', await f.signIn(asha))).valueOf();
    expect(me).toMatchObject({ studentId: asha, studentName: 'Asha Patil', standard: '10th' });
    expect(me.fees.paidPaise).toBe(100_000);
    const paymentId = me.fees.payments[0].paymentId;
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/student/receipt/${paymentId}`,
      headers: await f.signIn(asha),
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    const others = await t.app.inject({
      method: 'GET',
      url: `/api/student/receipt/${paymentId}`,
      headers: await f.signIn(ravi, '2010-01-10', '10.9.2.1'),
    });
    expect(others.statusCode).toBe(404);
  });

  it('an admin switches sign-in off (a student in the middle of a test carries on) and on again', async () => {
    const student = await f.signIn(asha);
    await f.call('PUT', '/api/admin/studentPortal', admin, { studentSignIn: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: student })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: asha, dob: '2010-01-10' },
    });
    expect(refused.statusCode).toBe(403);
    await f.call('PUT', '/api/admin/studentPortal', admin, { studentSignIn: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: student })).statusCode).toBe(200);
    expect((await f.call('GET', '/api/admin/studentPortal', admin)).studentSignIn).toBe(true);
  });

  it("a reset ends the student's sessions; signing in again works; the reset is in the activity", async () => {
    const old = await f.signIn(asha);
    await f.call('PUT', `/api/admin/students/${asha}/resetAccess`, admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: old })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/student/me', headers: await f.signIn(asha) })).statusCode,
    ).toBe(200);
    const activity = await f.call('GET', '/api/admin/activity?entity=student&limit=5', admin);
    expect(JSON.stringify(activity)).toContain('reset_access');
  });

  it('a withdrawn student cannot sign in, and their open session ends', async () => {
    const exam = examFixtures(t);
    await exam.centre(62);
    const leaving = await exam.student({ centerId: 62, name: 'Leaving Student' });
    await markConsentGiven(t.app.deps.database, [leaving]);
    const session = await f.signIn(leaving);
    await f.call('PUT', `/api/admin/withdrawStudent/${leaving}`, admin, {
      reason: 'Left the course',
      withdrawnOn: '2026-03-31',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: session })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { studentId: leaving, dob: '2010-01-10' },
    });
    expect(login.statusCode).toBe(403);
  });

  it("signs in only once a parent's consent is recorded, and a withdrawal of consent ends the session (issue 27)", async () => {
    const exam = examFixtures(t);
    await exam.centre(63);
    const held = await exam.student({ centerId: 63, name: 'Held Student' });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/student/login',
        payload: { studentId: held, dob: '2010-01-10' },
        remoteAddress: '10.9.3.1',
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.studentSignInWaitingConsent);
    await markConsentGiven(t.app.deps.database, [held]);
    const session = await f.signIn(held, '2010-01-10', '10.9.3.1');
    await f.call('PUT', `/api/admin/consent/${held}/withdraw`, admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/student/me', headers: session })).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(403);
  });
});

describe('question bank', () => {
  it('names the papers: an admin all of them, a teacher only those assigned (none before an admin has)', async () => {
    const all = (await f.call('GET', '/api/exam/papers', admin)).data;
    expect(all).toEqual([
      {
        subjectCode: 7101,
        subjectName: 'Mathematics',
        standard: '10th',
        language: expect.any(String),
        examYear: expect.any(Number),
      },
      {
        subjectCode: 7102,
        subjectName: 'Science',
        standard: '10th',
        language: expect.any(String),
        examYear: expect.any(Number),
      },
    ]);
    const teacher = await t.createStaff({ role: 'teacher' });
    expect((await f.call('GET', '/api/exam/papers', teacher.headers)).data).toEqual([]);
    await f.call('PUT', `/api/admin/teachers/${teacher.uuid}/assignment`, admin, { centres: [], papers: [7102] });
    const own = (await f.call('GET', '/api/exam/papers', teacher.headers)).data;
    expect(
      own.map((paper: { subjectCode: number; subjectName: string }) => [paper.subjectCode, paper.subjectName]),
    ).toEqual([[7102, 'Science']]);
    const student = await t.app.inject({ method: 'GET', url: '/api/exam/papers' });
    expect(student.statusCode).toBe(401);
  });

  it('a teacher writes questions only for the papers assigned to them', async () => {
    const teacher = await t.createStaff({ role: 'teacher' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/exam/chapters',
      headers: teacher.headers,
      payload: { subjectCode: 7101, name: 'Geometry' },
    });
    expect(refused.statusCode).toBe(403);
    await f.call('PUT', `/api/admin/teachers/${teacher.uuid}/assignment`, admin, { centres: [], papers: [7102] });
    const own = await f.chapterWithQuestions(teacher.headers, 7102, 'Motion');
    expect(own.ids).toHaveLength(4);
    const chapters = (await f.call('GET', '/api/exam/chapters', teacher.headers)).data;
    expect(chapters.find((c: { id: number }) => c.id === own.chapterId)).toMatchObject({
      name: 'Motion',
      questions: 4,
    });
    const listed = await f.call('GET', '/api/exam/questions', teacher.headers);
    expect(new Set(listed.data.map((q: { subjectCode: number }) => q.subjectCode))).toEqual(new Set([7102]));
    expect(listed.data.map((q: { id: number }) => q.id)).toEqual(expect.arrayContaining(own.ids));
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/exam/questions/${bank.ids[0]}`,
      headers: teacher.headers,
      payload: {
        chapterId: bank.chapterId,
        type: 'truefalse',
        textEn: 'x',
        key: { truth: true },
        marks: 1,
        difficulty: 'easy',
      },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('refuses a question whose key does not fit its type', async () => {
    for (const bad of [
      { type: 'single', textEn: 'q', options: [{ en: 'a' }, { en: 'b' }], key: { choices: [0, 1] } },
      { type: 'single', textEn: 'q', options: [{ en: 'a' }, { en: 'b' }], key: { choices: [2] } },
      { type: 'numeric', textEn: 'q', key: { truth: true } },
      { type: 'truefalse', key: { truth: true } },
    ]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/exam/questions',
        headers: admin,
        payload: { chapterId: bank.chapterId, marks: 1, difficulty: 'hard', ...bad },
      });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a question takes a picture uploaded through the photo path, kept on edit; a picture not stored is refused', async () => {
    const picture = multipartBody(pictureJpeg);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload-photo',
      headers: { ...admin, ...picture.headers },
      payload: picture.payload,
    });
    expect(upload.statusCode).toBe(201);
    const image = upload.json().imageUrl as string;
    const body = {
      chapterId: bank.chapterId,
      type: 'truefalse',
      textEn: 'The figure shows a right angle.',
      image,
      key: { truth: true },
      marks: 1,
      difficulty: 'medium',
    };
    const saved = (await f.call('POST', '/api/exam/questions', admin, body, 201)).data;
    expect(saved.image).toBe(image);
    const edited = await f.call('PUT', `/api/exam/questions/${saved.id}`, admin, { ...saved, marks: 2 });
    expect(edited.data).toMatchObject({ image, marks: 2 });
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'question'), eq(auditLog.entityId, String(saved.id)), eq(auditLog.action, 'update')),
      );
    expect(entry?.after).toMatchObject({ marksX100: 200 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/exam/questions',
      headers: admin,
      payload: { ...body, image: `/api/files/${'0'.repeat(64)}.jpg` },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(messages.photoNotStored);
  });
});

describe('question import from Excel', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const upload = (file: Buffer, save: boolean, headers = admin, subjectCode = 7102) => {
    const body = multipartBody(file, { filename: 'questions.xlsx', type: XLSX });
    return t.app.inject({
      method: 'POST',
      url: `/api/exam/questions/upload?subjectCode=${subjectCode}&save=${save}`,
      headers: { ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const sheet = (rows: (string | number | null)[][]) =>
    workbookBuffer({ name: 'Questions', columns: questionSheetColumns.map((header) => ({ header, width: 12 })) }, rows);
  const row = (values: Partial<Record<(typeof questionSheetColumns)[number], string | number>>) =>
    questionSheetColumns.map((column) => values[column] ?? null);

  it('the template passes its own check; saving adds its chapter and questions', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/exam/questions/template?subjectCode=7102',
      headers: admin,
    });
    expect(template.statusCode).toBe(200);
    const checked = (await upload(template.rawPayload, false)).json();
    expect(checked).toMatchObject({ saved: false, rows: 4, issues: [] });
    const before = (await f.call('GET', '/api/exam/questions?subjectCode=7102', admin)).data.length;
    const saved = (await upload(template.rawPayload, true)).json();
    expect(saved).toMatchObject({ saved: true, rows: 4 });
    expect((await f.call('GET', '/api/exam/questions?subjectCode=7102', admin)).data.length).toBe(before + 4);
  });

  it('reports every bad row and saves nothing', async () => {
    const file = await sheet([
      row({
        Chapter: 'Waves',
        Type: 'single',
        'Question (English)': 'ok',
        'Option A': 'x',
        'Option B': 'y',
        Answer: 'C',
        Marks: 1,
        Difficulty: 'easy',
      }),
      row({ Chapter: 'Waves', Type: 'essay', 'Question (English)': 'q', Answer: 'x', Marks: 1, Difficulty: 'easy' }),
      row({
        Chapter: 'Waves',
        Type: 'numeric',
        'Question (English)': 'q',
        Answer: 'abc',
        Marks: 1,
        Difficulty: 'easy',
      }),
      row({
        Chapter: 'Waves',
        Type: 'truefalse',
        'Question (English)': 'q',
        Answer: 'True',
        Marks: 101,
        Difficulty: 'easy',
      }),
      row({ Chapter: 'Waves', Type: 'truefalse', Answer: 'True', Marks: 1, Difficulty: 'easy' }),
      row({
        Chapter: 'Waves',
        Type: 'truefalse',
        'Question (English)': 'fine',
        Answer: 'False',
        Marks: 1,
        Difficulty: 'medium',
      }),
    ]);
    const before = (await f.call('GET', '/api/exam/questions?subjectCode=7102', admin)).data.length;
    const report = (await upload(file, true)).json();
    expect(report.saved).toBe(false);
    expect([...new Set(report.issues.map((issue: { row: number }) => issue.row))]).toEqual([2, 3, 4, 5, 6]);
    expect(report.newChapters).toEqual(['Waves']);
    expect((await f.call('GET', '/api/exam/questions?subjectCode=7102', admin)).data.length).toBe(before);
  });

  it('a teacher imports only for their papers; a file that is no workbook is a 400', async () => {
    const teacher = await t.createStaff({ role: 'teacher' });
    const file = await sheet([
      row({ Chapter: 'X', Type: 'truefalse', 'Question (English)': 'q', Answer: 'True', Marks: 1, Difficulty: 'easy' }),
    ]);
    expect((await upload(file, true, teacher.headers)).statusCode).toBe(403);
    expect((await upload(Buffer.from('not a workbook'), false)).statusCode).toBe(400);
  });
});

describe('sitting a test', () => {
  /** A new test over the bank's four questions (each test here stands alone: tests run in any order). */
  const newTest = (change: Record<string, unknown> = {}) =>
    f.test(admin, {
      title: 'Algebra practice',
      standards: ['10th'],
      subjectCodes: [7101],
      questionIds: bank.ids,
      durationMinutes: 30,
      opensAt: at(-5),
      closesAt: at(120),
      attemptsAllowed: 2,
      shuffle: true,
      showAnswers: 'after_submit',
      ...change,
    });
  const later = async <T>(minutes: number, run: () => Promise<T>): Promise<T> => {
    const before = now;
    now = new Date(now.getTime() + minutes * 60_000);
    try {
      return await run();
    } finally {
      now = before;
    }
  };

  it('a 12th student does not see a 10th test and cannot start it', async () => {
    const testId = await newTest();
    const kiran = await f.signIn(twelfth, '2010-01-10', '10.8.0.1');
    expect((await f.call('GET', '/api/student/tests', kiran)).data.map((x: { id: number }) => x.id)).not.toContain(
      testId,
    );
    const r = await t.app.inject({ method: 'POST', url: `/api/student/tests/${testId}/start`, headers: kiran });
    expect(r.statusCode).toBe(404);
  });

  it('not before it opens, not after it closes; the end is cut to the close', async () => {
    const testId = await newTest({ opensAt: at(10), closesAt: at(20) });
    const me = await f.signIn(asha);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/student/tests/${testId}/start`, headers: me })).statusCode,
    ).toBe(409);
    const started = await later(15, () => f.call('POST', `/api/student/tests/${testId}/start`, me));
    expect(started.endsAt).toBe(at(20));
    const closed = await later(21, () =>
      t.app.inject({ method: 'POST', url: `/api/student/tests/${testId}/start`, headers: me }),
    );
    expect(closed.statusCode).toBe(409);
  });

  it('starts with the end fixed by the server, no keys sent, an order stable per attempt; resumes on another phone', async () => {
    const testId = await newTest();
    const phone1 = await f.signIn(asha);
    const started = await f.call('POST', `/api/student/tests/${testId}/start`, phone1);
    expect(started.endsAt).toBe(at(30));
    expect(JSON.stringify(started.questions)).not.toContain('choices');
    expect(started.questions.map((q: { id: number }) => q.id).sort()).toEqual([...bank.ids].sort());
    const phone2 = await f.signIn(asha, '2010-01-10', '10.0.0.2');
    const again = await f.call('POST', `/api/student/tests/${testId}/start`, phone2);
    expect(again.attemptId).toBe(started.attemptId);
    expect(again.questions).toEqual(started.questions);
    const listed = (await f.call('GET', '/api/student/tests', phone2)).data.find(
      (x: { id: number }) => x.id === testId,
    );
    expect(listed).toMatchObject({ status: 'open', runningAttemptId: started.attemptId, attemptsUsed: 1 });
  });

  it('saves idempotently by seq, refuses after the end, grades with negative marks', async () => {
    const testId = await newTest();
    const me = await f.signIn(asha);
    const { attemptId } = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    const [single, multiple, numeric, truefalse] = bank.ids as [number, number, number, number];
    const put = (questionId: number, body: Record<string, unknown>, headers = me) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/student/attempts/${attemptId}/answers/${questionId}`,
        headers,
        payload: body,
      });
    expect((await put(single, { answer: { choices: [0] }, seq: 1 })).json()).toEqual({ saved: true, seq: 1 });
    expect((await put(single, { answer: { choices: [1] }, seq: 3 })).json()).toEqual({ saved: true, seq: 3 });
    // An old retry arrives late: it changes nothing.
    expect((await put(single, { answer: { choices: [0] }, seq: 2 })).json()).toEqual({ saved: false, seq: 3 });
    await put(multiple, { answer: { choices: [0] }, seq: 4 }); // wrong: −1
    await put(numeric, { answer: { value: 3.149 }, seq: 5, review: true }); // right within 0.01: +1
    // A question of no this test is not found.
    expect((await put(999_999, { answer: { truth: true }, seq: 6 })).statusCode).toBe(404);
    // Another student cannot write into or read this attempt.
    const other = await f.signIn(ravi, '2010-01-10', '10.0.0.9');
    expect((await put(truefalse, { answer: { truth: true }, seq: 6 }, other)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/student/attempts/${attemptId}`, headers: other })).statusCode,
    ).toBe(404);
    const resumed = await f.call('GET', `/api/student/attempts/${attemptId}`, me);
    expect(resumed.answers.find((a: { questionId: number }) => a.questionId === numeric)).toMatchObject({
      review: true,
      seq: 5,
    });
    expect(resumed.answers.find((a: { questionId: number }) => a.questionId === single).answer).toEqual({
      choices: [1],
    });

    // The end: 12:20 AM on 1 April in Kolkata. The student never submitted: graded when read.
    await later(30, async () => {
      expect((await put(truefalse, { answer: { truth: true }, seq: 7 })).statusCode).toBe(409);
      const result = (await f.call('GET', `/api/student/attempts/${attemptId}`, me)).result;
      expect(result).toMatchObject({
        scoreX100: 200 - 100 + 100,
        maxX100: 700,
        correct: 2,
        wrong: 1,
        unanswered: 1,
        timedOut: true,
        rank: 1,
        sat: 1,
      });
      expect(result.byChapter).toEqual([{ chapterId: bank.chapterId, name: 'Algebra', scoreX100: 200, maxX100: 700 }]);
      expect(result.review).toHaveLength(4);
    });
  });

  it('answers stay hidden until the window closes when the test says so', async () => {
    const testId = await newTest({ showAnswers: 'after_close', closesAt: at(60) });
    const me = await f.signIn(asha);
    const { attemptId } = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    const submitted = await f.call('POST', `/api/student/attempts/${attemptId}/submit`, me);
    expect(submitted.result.review).toBeNull();
    const after = await later(61, () => f.call('GET', `/api/student/attempts/${attemptId}`, me));
    expect(after.result.review).toHaveLength(4);
  });

  it('a second sitting has another order; a third is refused; submit grades at once', async () => {
    const testId = await newTest({
      questionIds: [...bank.ids, ...(await f.chapterWithQuestions(admin, 7101, `More ${Date.now()}`)).ids],
    });
    const me = await f.signIn(asha);
    const first = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    await f.call('POST', `/api/student/attempts/${first.attemptId}/submit`, me);
    const second = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    expect(second.attemptId).not.toBe(first.attemptId);
    expect(second.questions.map((q: { id: number }) => q.id)).not.toEqual(
      first.questions.map((q: { id: number }) => q.id),
    );
    const [single, , , truefalse] = bank.ids as [number, number, number, number];
    await f.call('PUT', `/api/student/attempts/${second.attemptId}/answers/${truefalse}`, me, {
      answer: { truth: false },
      seq: 1,
    });
    await f.call('PUT', `/api/student/attempts/${second.attemptId}/answers/${single}`, me, {
      answer: { choices: [1] },
      seq: 2,
    });
    const submitted = await f.call('POST', `/api/student/attempts/${second.attemptId}/submit`, me);
    expect(submitted.finished).toBe(true);
    expect(submitted.result).toMatchObject({
      scoreX100: 200 - 25,
      correct: 1,
      wrong: 1,
      unanswered: 6,
      timedOut: false,
    });
    // Submitting again answers the same result and changes nothing; a save after it is refused.
    expect((await f.call('POST', `/api/student/attempts/${second.attemptId}/submit`, me)).result.scoreX100).toBe(175);
    const afterSubmit = await t.app.inject({
      method: 'PUT',
      url: `/api/student/attempts/${second.attemptId}/answers/${single}`,
      headers: me,
      payload: { answer: null, seq: 9 },
    });
    expect(afterSubmit.statusCode).toBe(409);
    const third = await t.app.inject({ method: 'POST', url: `/api/student/tests/${testId}/start`, headers: me });
    expect(third.statusCode).toBe(409);
    const listed = (await f.call('GET', '/api/student/tests', me)).data.find((x: { id: number }) => x.id === testId);
    expect(listed).toMatchObject({
      status: 'done',
      attemptsUsed: 2,
      last: { attemptId: second.attemptId, scoreX100: 175, maxX100: 1400 },
    });
  });

  it('20 concurrent starts make exactly one attempt', async () => {
    const testId = await newTest();
    const me = await f.signIn(ravi, '2010-01-10', '10.0.1.1');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: `/api/student/tests/${testId}/start`, headers: me }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().attemptId)).size).toBe(1);
  });

  it('the teacher sees the analysis: the student who never came back graded on read, absentees, Excel', async () => {
    const testId = await newTest();
    const me = await f.signIn(asha);
    const mine = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    await f.call('PUT', `/api/student/attempts/${mine.attemptId}/answers/${bank.ids[0]}`, me, {
      answer: { choices: [1] },
      seq: 1,
    });
    await f.call('POST', `/api/student/attempts/${mine.attemptId}/submit`, me);
    await f.call('POST', `/api/student/tests/${testId}/start`, await f.signIn(ravi, '2010-01-10', '10.0.2.1'));
    await later(200, async () => {
      const analysis = await f.call('GET', `/api/exam/tests/${testId}/results`, admin);
      expect(analysis.sat).toBe(2);
      expect(analysis.attempts.map((a: { studentId: string }) => a.studentId)).toEqual([asha, ravi]);
      expect(analysis.attempts[1]).toMatchObject({ scoreX100: 0, timedOut: true, rank: 2 });
      expect(analysis.questions.find((q: { questionId: number }) => q.questionId === bank.ids[0]).difficulty).toBe(0.5);
      expect(analysis.distribution.reduce((a: number, b: number) => a + b, 0)).toBe(2);
      expect(analysis.absent.map((s: { studentId: string }) => s.studentId)).not.toContain(asha);
      expect(analysis.absent.map((s: { studentId: string }) => s.studentId)).not.toContain(twelfth);
      const xlsx = await t.app.inject({ method: 'GET', url: `/api/exam/tests/${testId}/results.xlsx`, headers: admin });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });

  it('the sweep grades a sitting whose time ran out, once', async () => {
    const testId = await newTest({ durationMinutes: 5 });
    const me = await f.signIn(ravi, '2010-01-10', '10.0.3.1');
    const { attemptId } = await f.call('POST', `/api/student/tests/${testId}/start`, me);
    expect(await gradeOverdueAttempts(t.app.deps, { testId })).toBe(0);
    await later(6, async () => {
      expect(await gradeOverdueAttempts(t.app.deps, { testId })).toBe(1);
      expect(await gradeOverdueAttempts(t.app.deps, { testId })).toBe(0);
      const view = await f.call('GET', `/api/student/attempts/${attemptId}`, me);
      expect(view.result).toMatchObject({ timedOut: true, unanswered: 4, scoreX100: 0 });
    });
  });

  it('a test drawn at random by chapter and difficulty; not enough questions is refused', async () => {
    const drawn = await f.call(
      'POST',
      '/api/exam/tests',
      admin,
      {
        title: 'Drawn',
        standards: ['10th'],
        subjectCodes: [7101],
        draw: [{ chapterId: bank.chapterId, difficulty: 'easy', count: 3 }],
        durationMinutes: 10,
        opensAt: at(0),
        closesAt: at(60),
      },
      201,
    );
    expect(drawn.data.questions).toBe(3);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/exam/tests',
      headers: admin,
      payload: {
        title: 'Drawn',
        standards: ['10th'],
        subjectCodes: [7101],
        draw: [{ chapterId: bank.chapterId, difficulty: 'hard', count: 1 }],
        durationMinutes: 10,
        opensAt: at(0),
        closesAt: at(60),
      },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('draws 2 easy and 1 hard from one chapter, never one question twice; the rules and what they drew are audited', async () => {
    const mixed = await f.chapterWithQuestions(admin, 7101, 'Mixed');
    const base = { chapterId: mixed.chapterId, type: 'truefalse', key: { truth: true }, marks: 1 };
    const hard: number[] = [];
    for (const text of ['Hard one', 'Hard two'])
      hard.push(
        (await f.call('POST', '/api/exam/questions', admin, { ...base, textEn: text, difficulty: 'hard' }, 201)).data
          .id,
      );
    const draw = [
      { chapterId: mixed.chapterId, difficulty: 'easy', count: 2 },
      { chapterId: mixed.chapterId, difficulty: 'hard', count: 1 },
      { chapterId: mixed.chapterId, count: 3 },
    ];
    const test = (
      await f.call(
        'POST',
        '/api/exam/tests',
        admin,
        {
          title: 'Mixed draw',
          standards: ['10th'],
          subjectCodes: [7101],
          draw,
          durationMinutes: 10,
          opensAt: at(0),
          closesAt: at(60),
        },
        201,
      )
    ).data;
    expect(test.questions).toBe(6);
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'online_test'), eq(auditLog.entityId, String(test.id))));
    const rules = (entry?.after as { draw?: { drawn: number[] }[] } | undefined)?.draw ?? [];
    expect(rules.map((rule) => rule.drawn.length)).toEqual([2, 1, 3]);
    expect(rules[0]?.drawn.every((id) => mixed.ids.includes(id))).toBe(true);
    expect(rules[1]?.drawn.every((id) => hard.includes(id))).toBe(true);
    const all = rules.flatMap((rule) => rule.drawn);
    expect(new Set(all).size).toBe(6);
    // The test holds exactly what the audit says was drawn, in that order.
    const positions = await t.app.deps.db
      .select({ questionId: testQuestions.questionId })
      .from(testQuestions)
      .where(eq(testQuestions.testId, test.id))
      .orderBy(asc(testQuestions.position));
    expect(positions.map((row) => row.questionId)).toEqual(all);
  });
});
