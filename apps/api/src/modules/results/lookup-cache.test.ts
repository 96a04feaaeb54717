import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { marks, students } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { eventually } from '../../testing/eventually';
import { examFixtures } from '../../testing/exam-fixtures';
import { noticesDelivered } from '../../testing/notices';
import { ADMIN, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../testing/test-app';
import { LOOKUPS_CHANNEL } from './lookup-cache';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
let student: { studentId: string; name: string };

// One paper, two students of one centre, results declared: every test starts from a cached lookup.
beforeAll(async () => {
  t = await createTestApp({ attempts: memoryAttemptStore() });
  fx = examFixtures(t);
  await fx.paper(301, { name: 'English', date: shiftDate(indianToday(), { days: 30 }) });
  const centerId = await fx.centre(30);
  const admin = await t.adminAuth();
  for (const [name, score] of [
    ['Cache One', 70],
    ['Cache Two', 60],
  ] as const) {
    const studentId = await fx.student({ centerId, name, mother: 'M' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/exam/marks',
      headers: admin,
      payload: { studentId, subjectCode: 301, marks: score },
    });
    if (name === 'Cache One') student = { studentId, name };
  }
  await fx.flag('RESULT', true);
  expect(await eventually(async () => t.app.deps.lookupCache.isLive(), 10_000)).toBe(true);
});
afterAll(() => t.close());

const result = (app: FastifyInstance, name = student.name) =>
  app.inject({
    method: 'GET',
    url: `/api/result/fetch?${new URLSearchParams({ studentName: name, studentId: student.studentId, motherName: 'M' })}`,
  });

const setMark = (score: number) =>
  t.app.deps.db
    .update(marks)
    .set({ marks: score })
    .where(and(eq(marks.studentId, student.studentId), eq(marks.subjectCode, 301)));

const lookupNoticesDelivered = () => noticesDelivered(t.app.deps.db, t.app.deps.lookupCache, LOOKUPS_CHANNEL);

/** Back to the start; written around the API, so the next test must not wait for the notice either. */
async function restore() {
  await setMark(70);
  await t.app.deps.db
    .update(students)
    .set({ studentName: student.name })
    .where(eq(students.studentId, student.studentId));
  t.app.deps.lookupCache.invalidate();
}

describe('the lookup cache behind hall tickets and results', () => {
  it('serves a repeated lookup from memory: a change nobody announces is not seen', async () => {
    await lookupNoticesDelivered();
    expect((await result(t.app)).json()).toMatchObject({ totalObtained: 70, centreRank: 1 });
    // Silence the announcement for one write: the cached answer stays, which only memory can give.
    await t.app.deps.db.execute(sql`alter table marks disable trigger marks_lookups_changed`);
    try {
      await setMark(10);
    } finally {
      await t.app.deps.db.execute(sql`alter table marks enable trigger marks_lookups_changed`);
    }
    expect((await result(t.app)).json()).toMatchObject({ totalObtained: 70 });
    t.app.deps.lookupCache.invalidate();
    expect((await result(t.app)).json()).toMatchObject({ totalObtained: 10, centreRank: 2 });
    await restore();
  });

  it('sees a change written by any code, not only through the API', async () => {
    expect((await result(t.app)).json()).toMatchObject({ totalObtained: 70, centreRank: 1 });
    await setMark(40);
    expect(await eventually(async () => (await result(t.app)).json().centreRank === 2)).toBe(true);
    await t.app.deps.db
      .update(students)
      .set({ studentName: 'Cache Renamed' })
      .where(eq(students.studentId, student.studentId));
    expect(await eventually(async () => (await result(t.app)).statusCode === 403)).toBe(true);
    expect((await result(t.app, 'cache renamed')).json()).toMatchObject({ studentName: 'Cache Renamed' });
    await t.app.deps.db
      .update(students)
      .set({ studentName: student.name })
      .where(eq(students.studentId, student.studentId));
    await setMark(70);
  });

  it('is emptied on the writer by a write that changes lookups, not by a login', async () => {
    await lookupNoticesDelivered();
    const cached = () => t.app.deps.lookupCache.get('sentinel', async () => 'read again');
    await t.app.deps.lookupCache.get('sentinel', async () => 'kept');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...ADMIN, role: 'admin' } });
    expect(login.statusCode).toBe(200);
    expect(await cached()).toBe('kept');
    // No trigger announces this one (the marks are as they were): only the writer's hook empties it.
    await t.app.deps.db.execute(sql`alter table marks disable trigger marks_lookups_changed`);
    try {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/exam/marks',
        headers: await t.adminAuth(),
        payload: { studentId: student.studentId, subjectCode: 301, marks: 70 },
      });
      expect(saved.statusCode).toBe(200);
      expect(await cached()).toBe('read again');
    } finally {
      await t.app.deps.db.execute(sql`alter table marks enable trigger marks_lookups_changed`);
      t.app.deps.lookupCache.invalidate();
    }
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'a mark changed or results withdrawn through one instance show on another',
    async () => {
      const url = t.app.deps.database.url;
      if (!url) throw new Error('the PostgreSQL test database has a URL');
      const other = await buildApp({
        config: { jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', trustProxy: false },
        database: openPostgres(url, { max: 2 }),
        files: t.app.deps.files,
      });
      try {
        await other.ready();
        expect(await eventually(async () => other.deps.lookupCache.isLive(), 10_000)).toBe(true);
        expect((await result(other)).json()).toMatchObject({ totalObtained: 70, centreRank: 1 });
        const admin = await t.adminAuth();
        const changed = await t.app.inject({
          method: 'PUT',
          url: '/api/exam/marks',
          headers: admin,
          payload: { studentId: student.studentId, subjectCode: 301, marks: 50 },
        });
        expect(changed.statusCode).toBe(200);
        // The writer's own instance answers the new marks at once; the other within moments.
        expect((await result(t.app)).json()).toMatchObject({ totalObtained: 50, centreRank: 2 });
        expect(await eventually(async () => (await result(other)).json().centreRank === 2)).toBe(true);

        await fx.flag('RESULT', false);
        expect((await result(t.app)).json().message).toBe(messages.resultNotDeclared);
        expect(await eventually(async () => (await result(other)).statusCode === 409)).toBe(true);
      } finally {
        await fx.flag('RESULT', true);
        await restore();
        await other.close();
      }
    },
  );
});
