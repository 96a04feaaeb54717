import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isStandard } from '@app/domain/standards.rules';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { releasedYears } from '../sessions/sessions.repository';
import { LOOKUP_CACHE_ENTRIES, LOOKUP_CACHE_TTL_MS, LOOKUPS_CHANNEL } from './lookup-cache';
import { findLookupStudents, listExamYearStudentIds } from './results.repository';
import { encodeResult } from './results.service';

/**
 * Results day starts warm (decision 006): once results are released, every result of the released exam
 * year is computed once into the lookup cache, in the background, so that no family's lookup is the
 * first look at a student. The lookup's checks (flag, names, exam year, failure limits) still run on
 * every request; only what they would read and compute is ready.
 *
 * - When: after a write that changes lookups has committed (the hook in routes.ts; setting RESULT to
 *   'true' is one, and so is a mark changed afterwards), at start, and every half cache lifetime: entries
 *   last LOOKUP_CACHE_TTL_MS, so a tick computes every result again (`refresh`: none reaches its end of
 *   life), and fills what a change made through another instance emptied (another instance learns of a
 *   release here too). Each run first reads the flag and stops there unless results are released. A
 *   run that is not a refresh and finds everything in the cache costs the pages of student IDs only.
 * - Bounded memory: students are read WARMUP_BATCH at a time, each page awaited before the next, and
 *   at most WARMUP_MAX_STUDENTS (what leaves room in the cache's entry limit; two entries a student).
 *   The cache's own limit bounds what is kept.
 * - Right after a change: the keys of a page are put in the cache before the page is read (the cache's
 *   own rule: a notice that arrives during a load drops that entry), so a mark changed during or after
 *   the warm-up is never hidden by it. A pass that found entries missing (dropped by a notice, such as
 *   the flag's own) is followed by another, up to WARMUP_PASSES.
 */
export const WARMUP_BATCH = 500;
export const WARMUP_MAX_STUDENTS = Math.floor((LOOKUP_CACHE_ENTRIES - 2_000) / 2);
const WARMUP_PASSES = 3;

type WarmupDeps = Pick<Deps, 'db' | 'lookupCache' | 'log'>;

export type ResultsWarmup = {
  /** Starts a warm-up in the background (one at a time; asked while one runs, another follows it). */
  schedule(options?: { refresh?: boolean }): void;
  /** Settles when no warm-up is running or due (tests, the bench's server). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * One page: puts its keys in the cache, then reads the students it lacks (with `refresh`, all of them,
 * their entries replaced). Answers how many results it computed.
 */
async function warmPage(deps: WarmupDeps, studentIds: string[], refresh: boolean): Promise<number> {
  const cache = deps.lookupCache;
  if (refresh) {
    for (const studentId of studentIds) {
      cache.invalidate(`student:${studentId}`);
      cache.invalidate(`result:${studentId}`);
    }
  }
  const missing: string[] = [];
  // Started after this synchronous loop has put every key in the cache and collected the missing ones.
  let read: ReturnType<typeof findLookupStudents> | undefined;
  const readMissing = () => {
    read ??= Promise.resolve().then(() => findLookupStudents(deps.db, missing));
    return read;
  };
  let computed = 0;
  const results = studentIds.map((studentId) => {
    const student = cache.get(`student:${studentId}`, () => {
      missing.push(studentId);
      return readMissing().then((found) => found.get(studentId));
    });
    return cache.get(`result:${studentId}`, async () => {
      const found = await student;
      if (!found || !isStandard(found.standard)) return undefined;
      const encoded = await encodeResult(deps, { ...found, standard: found.standard });
      computed += 1;
      return encoded;
    });
  });
  await Promise.allSettled(results);
  return computed;
}

/**
 * Waits until the notices committed before now have reached the cache (they arrive in commit order, a
 * moment after the commit on PostgreSQL): the release's own notice empties the cache, and must not do
 * so after the warm-up has filled it. A probe entry is dropped by its own notice; a marker beside it
 * survives unless a full clear came meanwhile, and then another probe goes (lookup-cache.test.ts waits
 * the same way).
 */
async function noticesDelivered(deps: WarmupDeps): Promise<void> {
  const cache = deps.lookupCache;
  const marker = `warmup-marker:${randomUUID()}`;
  for (let round = 0; round < 5; round += 1) {
    const probe = `warmup-probe:${randomUUID()}`;
    await cache.get(probe, async () => true);
    await cache.get(marker, async () => true);
    await deps.db.execute(sql`select pg_notify(${LOOKUPS_CHANNEL}, ${probe})`);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await cache.get(probe, async () => undefined)) !== undefined) await sleep(5);
    if ((await cache.get(marker, async () => undefined)) !== undefined) return cache.invalidate(marker);
  }
}

async function warm(
  deps: WarmupDeps,
  refresh: boolean,
): Promise<{ students: number; computed: number; passes: number }> {
  const db = deps.db;
  const totals = { students: 0, computed: 0, passes: 0 };
  // While the cache is bypassed (its PostgreSQL listener is down) nothing would be kept. Every exam
  // session whose results are released is warmed (docs/decisions/007-exam-sessions.md).
  const years = (await releasedYears(db)).RESULT;
  if (!deps.lookupCache.isLive() || years.length === 0) return totals;
  await noticesDelivered(deps);
  for (const examYear of years) {
    let studentsOfYear = 0;
    for (let pass = 0; pass < WARMUP_PASSES; pass += 1) {
      totals.passes += 1;
      let after = '';
      let computedInPass = 0;
      let students = 0;
      // The cache's room is shared by every released session.
      const room = WARMUP_MAX_STUDENTS - totals.students;
      while (students < room) {
        const limit = Math.min(WARMUP_BATCH, room - students);
        const page = await listExamYearStudentIds(db, { examYear, after, limit });
        if (page.length === 0) break;
        computedInPass += await warmPage(deps, page, refresh && pass === 0);
        students += page.length;
        after = page[page.length - 1] ?? after;
        // Let waiting requests in between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      studentsOfYear = students;
      totals.computed += computedInPass;
      if (computedInPass === 0) break;
    }
    totals.students += studentsOfYear;
  }
  return totals;
}

export function resultsWarmup(deps: WarmupDeps): ResultsWarmup {
  let running: Promise<void> | undefined;
  let again: { refresh: boolean } | undefined;
  let closed = false;

  const runOnce = async (refresh: boolean) => {
    const started = performance.now();
    const { students, computed, passes } = await warm(deps, refresh);
    if (students > 0) {
      deps.log.info(
        { students, computed, passes, ms: Math.round(performance.now() - started) },
        'results warm-up: lookup cache filled',
      );
    }
  };

  function schedule({ refresh = false } = {}) {
    if (closed) return;
    if (running) {
      again = { refresh: refresh || (again?.refresh ?? false) };
      return;
    }
    running = (async () => {
      // Called as a write answers: its answer goes out first.
      await new Promise((resolve) => setImmediate(resolve));
      for (let next: typeof again = { refresh }; next && !closed; next = again) {
        again = undefined;
        await runOnce(next.refresh).catch((error: unknown) => deps.log.warn({ err: error }, 'results warm-up failed'));
      }
    })().finally(() => {
      running = undefined;
    });
  }

  const tick = setInterval(() => schedule({ refresh: true }), LOOKUP_CACHE_TTL_MS / 2);
  tick.unref();

  return {
    schedule,
    idle: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(tick);
      while (running) await running;
    },
  };
}
