import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marks } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { eventually } from '../../testing/eventually';
import { examFixtures } from '../../testing/exam-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
const pupils: Array<{ studentId: string; name: string; score: number }> = [];

// One paper, three students of one centre with marks; results not yet released.
beforeAll(async () => {
  t = await createTestApp({ attempts: memoryAttemptStore() });
  fx = examFixtures(t);
  await fx.paper(401, { name: 'English', date: shiftDate(indianToday(), { days: 30 }) });
  const centerId = await fx.centre(40);
  const admin = await t.adminAuth();
  for (const [name, score] of [
    ['Warm One', 71],
    ['Warm Two', 62],
    ['Warm Three', 53],
  ] as const) {
    const studentId = await fx.student({ centerId, name, mother: 'M' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/exam/marks',
      headers: admin,
      payload: { studentId, subjectCode: 401, marks: score },
    });
    expect(saved.statusCode).toBe(200);
    pupils.push({ studentId, name, score });
  }
  expect(await eventually(async () => t.app.deps.lookupCache.isLive(), 10_000)).toBe(true);
});
afterAll(() => t.close());

/** What the cache holds for a key, without filling it (a load that answers nothing is not kept). */
const cached = (key: string) => t.app.deps.lookupCache.get<unknown>(key, async () => undefined);
const result = ({ studentId, name }: { studentId: string; name: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/result/fetch?${new URLSearchParams({ studentName: name, studentId, motherName: 'M' })}`,
  });
const setMarkAroundTheApi = (studentId: string, score: number) =>
  t.app.deps.db
    .update(marks)
    .set({ marks: score })
    .where(and(eq(marks.studentId, studentId), eq(marks.subjectCode, 401)));
const totalOf = async (pupil: { studentId: string; name: string }) => (await result(pupil)).json().totalObtained;

/** Results released and the warm-up done (each test stands alone: this is where it starts). */
async function releasedAndWarm() {
  await fx.flag('RESULT', true);
  await t.app.resultsWarmup.idle();
}

// Every test leaves the marks as they were.
afterEach(async () => {
  for (const { studentId, score } of pupils) await setMarkAroundTheApi(studentId, score);
  t.app.deps.lookupCache.invalidate();
  await t.app.resultsWarmup.idle();
});

describe('results day starts warm', () => {
  it('the release computes every result of the exam year into the lookup cache', async () => {
    await fx.flag('RESULT', false);
    await t.app.resultsWarmup.idle();
    t.app.deps.lookupCache.invalidate();
    for (const { studentId } of pupils) expect(await cached(`result:${studentId}`)).toBeUndefined();
    await releasedAndWarm();
    for (const pupil of pupils) {
      const json = await cached(`result:${pupil.studentId}`);
      expect(typeof json === 'string' && JSON.parse(json)).toMatchObject({
        studentName: pupil.name,
        totalObtained: pupil.score,
        centreRank: pupils.filter((other) => other.score > pupil.score).length + 1,
      });
      expect(await cached(`student:${pupil.studentId}`)).toMatchObject({ studentName: pupil.name });
      // The first lookup is answered with exactly what the warm-up computed.
      expect((await result(pupil)).body).toBe(json);
    }
  });

  it('a mark changed after the warm-up shows, through the API or written around it', async () => {
    const [pupil] = pupils;
    if (!pupil) throw new Error('three pupils');
    await releasedAndWarm();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/exam/marks',
      headers: await t.adminAuth(),
      payload: { studentId: pupil.studentId, subjectCode: 401, marks: 91 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await totalOf(pupil)).toBe(91);
    t.app.resultsWarmup.schedule();
    await t.app.resultsWarmup.idle();
    expect(await totalOf(pupil)).toBe(91);
    await setMarkAroundTheApi(pupil.studentId, 92);
    expect(await eventually(async () => (await totalOf(pupil)) === 92)).toBe(true);
  });

  it('a mark changed while the warm-up runs is not hidden by it', async () => {
    const pupil = pupils[1];
    if (!pupil) throw new Error('three pupils');
    await releasedAndWarm();
    t.app.deps.lookupCache.invalidate();
    t.app.resultsWarmup.schedule();
    await setMarkAroundTheApi(pupil.studentId, 33);
    await t.app.resultsWarmup.idle();
    expect(await eventually(async () => (await totalOf(pupil)) === 33)).toBe(true);
    // And the cache is warm again afterwards, with the new mark.
    t.app.resultsWarmup.schedule();
    await t.app.resultsWarmup.idle();
    expect(await cached(`result:${pupil.studentId}`)).toContain('"totalObtained":33');
  });

  it('the periodic tick computes every result again, so none reaches the end of its life in the cache', async () => {
    const pupil = pupils[2];
    if (!pupil) throw new Error('three pupils');
    await releasedAndWarm();
    // A change nobody announces: only a warm-up that recomputes what it already holds can show it.
    await t.app.deps.db.execute(sql`alter table marks disable trigger marks_lookups_changed`);
    try {
      await setMarkAroundTheApi(pupil.studentId, 44);
    } finally {
      await t.app.deps.db.execute(sql`alter table marks enable trigger marks_lookups_changed`);
    }
    t.app.resultsWarmup.schedule();
    await t.app.resultsWarmup.idle();
    expect(await totalOf(pupil)).toBe(pupil.score);
    t.app.resultsWarmup.schedule({ refresh: true });
    await t.app.resultsWarmup.idle();
    expect(await cached(`result:${pupil.studentId}`)).toContain('"totalObtained":44');
    expect(await totalOf(pupil)).toBe(44);
  });
});
