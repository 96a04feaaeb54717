import type { AuthHeaders, TestApp } from './test-app';

/**
 * Question-bank and online-test rows through the API (issue 28): a chapter with one question of each
 * type, a test over them, and a student's sign-in. Throws unless each call answers as expected.
 */
export function onlineTestFixtures(t: TestApp) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: AuthHeaders | undefined,
    payload?: unknown,
    status = 200,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      ...(headers ? { headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  return {
    call,
    async signIn(studentId: string, dob = '2010-01-10', ip = '10.0.0.1'): Promise<AuthHeaders> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/student/login',
        payload: { studentId, dob },
        remoteAddress: ip,
      });
      if (response.statusCode !== 200)
        throw new Error(`student login ${studentId}: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json().token}` };
    },
    /**
     * A chapter of the paper with four questions: single (2 marks, −0.5), multiple (3, −1), numeric
     * 3.14 ± 0.01 (1 mark), true/false (1, −0.25). Answers the chapter and the question ids in that order.
     */
    async chapterWithQuestions(headers: AuthHeaders, subjectCode: number, name = 'Algebra') {
      const chapter = (await call('POST', '/api/exam/chapters', headers, { subjectCode, name }, 201)).data;
      const base = { chapterId: chapter.id, difficulty: 'easy', explanationEn: 'Because.' };
      const ids: number[] = [];
      for (const q of [
        {
          type: 'single',
          textEn: '2 + 2 = ?',
          options: [{ en: '3' }, { en: '4' }, { en: '5' }],
          key: { choices: [1] },
          marks: 2,
          negativeMarks: 0.5,
        },
        {
          type: 'multiple',
          textEn: 'Even numbers',
          options: [{ en: '2' }, { en: '3' }, { en: '4' }],
          key: { choices: [0, 2] },
          marks: 3,
          negativeMarks: 1,
        },
        {
          type: 'numeric',
          textEn: 'π to two places',
          textMr: 'π दोन दशांश',
          key: { value: 3.14, tolerance: 0.01 },
          marks: 1,
        },
        { type: 'truefalse', textMr: 'शून्य सम आहे', key: { truth: true }, marks: 1, negativeMarks: 0.25 },
      ]) {
        ids.push((await call('POST', '/api/exam/questions', headers, { ...base, ...q }, 201)).data.id);
      }
      return { chapterId: chapter.id as number, ids };
    },
    async test(headers: AuthHeaders, body: Record<string, unknown>): Promise<number> {
      return (await call('POST', '/api/exam/tests', headers, body, 201)).data.id;
    },
  };
}
