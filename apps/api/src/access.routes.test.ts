import { principals } from '@app/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFor, accessTable } from './access';
import { examFixtures } from './testing/exam-fixtures';
import { onlineTestFixtures } from './testing/online-tests';
import { markConsentGiven } from './testing/students';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Every registered route × every role: 401 without a token, 403 for each role the access table
 * does not allow. Routes added later are covered without touching this file.
 */
let t: TestApp;
let headers: Record<string, { authorization: string }>;

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    admin: await t.adminAuth(),
    counsellor: (await t.createStaff({ role: 'counsellor' })).headers,
    teacher: (await t.createStaff({ role: 'teacher' })).headers,
    // Students (issue 28): every staff route refuses a student's token, every student route a staff token.
    student: await onlineTestFixtures(t).signIn(await studentOfCentre(t)),
  };
});
afterAll(() => t.close());

async function studentOfCentre(app: TestApp): Promise<string> {
  const exam = examFixtures(app);
  await exam.centre(91);
  const studentId = await exam.student({ centerId: 91, name: 'Matrix Student' });
  // The parent consented (issue 27): the student may sign in.
  await markConsentGiven(app.app.deps.database, [studentId]);
  return studentId;
}

/** A concrete URL for a route pattern: every parameter gets a well-formed value. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (/uuid|Id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : '1'));

describe('route × role matrix', () => {
  it('every registered API route has an access rule, and every rule a route', () => {
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(5);
    expect(registered.filter((key) => !(key in accessTable))).toEqual([]);
    expect(Object.keys(accessTable).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('protected routes answer 401 without a token and 403 to roles not allowed', async () => {
    const checked: string[] = [];
    for (const { method, url } of t.app.apiRoutes) {
      const access = accessFor(method, url);
      if (access === 'public' || access === undefined) continue;
      const anonymous = await t.app.inject({ method: method as 'GET', url: concrete(url) });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
      for (const role of principals) {
        if (access.includes(role)) continue;
        const response = await t.app.inject({ method: method as 'GET', url: concrete(url), headers: headers[role] });
        expect(response.statusCode, `${method} ${url} as ${role}`).toBe(403);
        checked.push(`${method} ${url} ${role}`);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });

  it('allowed roles get past the guard', async () => {
    for (const { method, url } of t.app.apiRoutes) {
      const access = accessFor(method, url);
      if (access === 'public' || access === undefined) continue;
      for (const role of access) {
        const response = await t.app.inject({ method: method as 'GET', url: concrete(url), headers: headers[role] });
        expect([401, 403], `${method} ${url} as ${role}: ${response.body}`).not.toContain(response.statusCode);
      }
    }
  });
});
