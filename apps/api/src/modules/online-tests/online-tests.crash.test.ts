import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredAnswer } from '@app/domain/online-tests.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examFixtures } from '../../testing/exam-fixtures';
import { onlineTestFixtures } from '../../testing/online-tests';
import { markConsentGiven } from '../../testing/students';
import { ADMIN, createTestApp, secondInstance, TEST_JWT_SECRET, type TestApp } from '../../testing/test-app';

/**
 * Issue 28, "a whole standard at once", on both databases: the server killed with SIGKILL in the middle
 * of a sitting keeps every save it acknowledged, and the student carries on after the restart; on
 * PostgreSQL, a student moving between two instances loses nothing. (`npm run bench`'s tests part runs
 * the same at a standard's size.)
 */
const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));
const postgres = process.env.TEST_DB_DRIVER === 'postgres';
type Headers = { authorization: string };
type Answer = { questionId: number; answer: StoredAnswer | null; seq: number };

/** A test open now for an hour over the fixtures' four questions, and a student who may sit it. */
async function sittingWorld(t: TestApp, subjectCode: number, centerId: number) {
  const f = onlineTestFixtures(t);
  const exam = examFixtures(t);
  const admin = await t.adminAuth();
  await exam.centre(centerId);
  await exam.paper(subjectCode, { name: 'Mathematics' });
  const studentId = await exam.student({ centerId, name: 'Meera Joshi' });
  await markConsentGiven(t.app.deps.database, [studentId]);
  const bank = await f.chapterWithQuestions(admin, subjectCode);
  const testId = await f.test(admin, {
    title: 'Whole standard',
    standards: ['10th'],
    subjectCodes: [subjectCode],
    questionIds: bank.ids,
    durationMinutes: 60,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 120 * 60_000).toISOString(),
    shuffle: true,
  });
  return { studentId, testId, ids: bank.ids as [number, number, number, number] };
}

/** The answers that grade 2 right (+2, +1) and 2 wrong (−1, −0.25) on the fixtures' four questions. */
function finalAnswers([single, multiple, numeric, truefalse]: number[]) {
  return [
    { questionId: single, answer: { choices: [1] } },
    { questionId: multiple, answer: { choices: [0] } },
    { questionId: numeric, answer: { value: 3.14 } },
    { questionId: truefalse, answer: { truth: false } },
  ] as { questionId: number; answer: StoredAnswer }[];
}
const FINAL_GRADE = { scoreX100: 175, correct: 2, wrong: 2, unanswered: 0 };

/** An answer for question `i` of the four that differs with `n` (the burst's saves). */
function someAnswer(ids: number[], i: number, n: number): Answer {
  const questionId = ids[i % 4] as number;
  const answer: StoredAnswer[] = [{ choices: [n % 3] }, { choices: [n % 3] }, { value: n }, { truth: n % 2 === 0 }];
  return { questionId, answer: answer[i % 4] as StoredAnswer, seq: n };
}

/** Every acknowledged answer is shown at its seq or a newer one, and the same answer at the same seq. */
function lostOf(acknowledged: Answer[], shown: Answer[]) {
  const newest = new Map<number, Answer>();
  for (const ack of acknowledged) {
    if (ack.seq > (newest.get(ack.questionId)?.seq ?? 0)) newest.set(ack.questionId, ack);
  }
  return [...newest.values()].filter((ack) => {
    const row = shown.find((s) => s.questionId === ack.questionId);
    return (
      !row || row.seq < ack.seq || (row.seq === ack.seq && JSON.stringify(row.answer) !== JSON.stringify(ack.answer))
    );
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it (from source), on `env`'s database; answers once /api/health is 200. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready: ${stderr}`);
}

async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** What the student routes answer, as far as these tests read it. */
type Reply = {
  token?: string;
  attemptId?: string;
  endsAt?: string;
  finished?: boolean;
  answers?: Answer[];
  result?: unknown;
  saved?: boolean;
  seq?: number;
};

const request = async (
  base: string,
  method: string,
  url: string,
  headers?: Headers,
  body?: unknown,
): Promise<{ status: number; json: Reply }> => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Reply };
};

describe('kill -9 of the server in the middle of a sitting', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-test-'));
  let t: TestApp | undefined;
  let world: Awaited<ReturnType<typeof sittingWorld>>;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // PGlite on disk, as the server keeps it in DATA_DIR; on PostgreSQL a fresh database of its own.
    t = await createTestApp(postgres ? {} : { dataDir });
    world = await sittingWorld(t, 7301, 73);
    env = postgres ? { DATABASE_URL: t.app.deps.database.url as string, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    if (!postgres) {
      // Only one process may open the embedded database: the server takes it from here.
      await t.close();
      t = undefined;
    }
  });
  afterAll(async () => {
    for (const child of children) await killHard(child);
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged save is there after the restart; the student carries on to the same end and a full grade', async () => {
    const first = await startServer(env);
    children.push(first.child);
    const signIn = await request(first.base, 'POST', '/api/student/login', undefined, {
      studentId: world.studentId,
      dob: '2010-01-10',
    });
    expect(signIn.status).toBe(200);
    const me = { authorization: `Bearer ${signIn.json.token}` };
    const started = await request(first.base, 'POST', `/api/student/tests/${world.testId}/start`, me);
    expect(started.status).toBe(200);
    const { attemptId, endsAt } = started.json;
    const save = (base: string, a: Answer) =>
      request(base, 'PUT', `/api/student/attempts/${attemptId}/answers/${a.questionId}`, me, {
        answer: a.answer,
        review: false,
        seq: a.seq,
      });

    const acknowledged: Answer[] = [];
    for (let n = 1; n <= 4; n += 1) {
      const a = someAnswer(world.ids, n, n);
      expect((await save(first.base, a)).status).toBe(200);
      acknowledged.push(a);
    }
    // A burst of saves in flight; SIGKILL as soon as the first is acknowledged.
    const burst = Array.from({ length: 24 }, (_, i) => someAnswer(world.ids, i, 10 + i));
    const sent = burst.map((a) =>
      save(first.base, a).then(
        (r) => {
          if (r.status === 200) acknowledged.push(a);
          return r.status;
        },
        () => 0,
      ),
    );
    await Promise.race(sent);
    await killHard(first.child);
    const statuses = await Promise.all(sent);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 0)).toBe(true);

    // The same data, a new process: the phone reloads there.
    const second = await startServer(env);
    children.push(second.child);
    const resumed = await request(second.base, 'GET', `/api/student/attempts/${attemptId}`, me);
    expect(resumed.status).toBe(200);
    expect(resumed.json.endsAt).toBe(endsAt);
    expect(resumed.json.finished).toBe(false);
    expect(lostOf(acknowledged, resumed.json.answers ?? [])).toEqual([]);

    // The phone sends again what got no answer (same seq: idempotent), then goes on and submits.
    const unanswered = burst.filter((_, i) => statuses[i] === 0);
    for (const a of unanswered) expect((await save(second.base, a)).status).toBe(200);
    for (const [i, a] of finalAnswers(world.ids).entries()) {
      const next = await save(second.base, { ...a, seq: 100 + i });
      expect(next.json).toEqual({ saved: true, seq: 100 + i });
    }
    const submitted = await request(second.base, 'POST', `/api/student/attempts/${attemptId}/submit`, me);
    expect(submitted.status).toBe(200);
    expect(submitted.json.endsAt).toBe(endsAt);
    expect(submitted.json.result).toMatchObject(FINAL_GRADE);
    await killHard(second.child);
  }, 300_000);
});

describe.runIf(postgres)('two API instances on one PostgreSQL database', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof sittingWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    world = await sittingWorld(t, 7302, 74);
  });
  afterAll(() => t.close());

  it('a student moving between them loses nothing: saves alternate, the resume shows every answer, submit grades all', async () => {
    const other = await secondInstance(t);
    try {
      const apps = [t.app, other];
      const on = async (n: number, method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, body?: unknown) => {
        const response = await (apps[n % 2] as typeof t.app).inject({
          method,
          url,
          ...(headers ? { headers } : {}),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        return { status: response.statusCode, json: response.json() };
      };
      const signIn = await on(0, 'POST', '/api/student/login', undefined, {
        studentId: world.studentId,
        dob: '2010-01-10',
      });
      const me = { authorization: `Bearer ${signIn.json.token}` };
      const started = await on(1, 'POST', `/api/student/tests/${world.testId}/start`, me);
      expect(started.status).toBe(200);
      const { attemptId, endsAt } = started.json;
      const acknowledged: Answer[] = [];
      for (let n = 1; n <= 12; n += 1) {
        const a = someAnswer(world.ids, n, n);
        const saved = await on(n, 'PUT', `/api/student/attempts/${attemptId}/answers/${a.questionId}`, me, {
          answer: a.answer,
          review: false,
          seq: a.seq,
        });
        expect(saved.json).toEqual({ saved: true, seq: n });
        acknowledged.push(a);
        // Every other save, the phone reloads on the instance it did not save on.
        if (n % 2 === 0) {
          const resumed = await on(n + 1, 'GET', `/api/student/attempts/${attemptId}`, me);
          expect(resumed.json.endsAt).toBe(endsAt);
          expect(lostOf(acknowledged, resumed.json.answers)).toEqual([]);
        }
      }
      // A start on the other instance resumes the same sitting.
      expect((await on(0, 'POST', `/api/student/tests/${world.testId}/start`, me)).json.attemptId).toBe(attemptId);
      for (const [i, a] of finalAnswers(world.ids).entries()) {
        await on(i, 'PUT', `/api/student/attempts/${attemptId}/answers/${a.questionId}`, me, {
          answer: a.answer,
          review: false,
          seq: 100 + i,
        });
      }
      const submitted = await on(1, 'POST', `/api/student/attempts/${attemptId}/submit`, me);
      expect(submitted.json.result).toMatchObject(FINAL_GRADE);
      const seenOnFirst = await on(0, 'GET', `/api/student/attempts/${attemptId}`, me);
      expect(seenOnFirst.json).toMatchObject({ finished: true, endsAt, result: FINAL_GRADE });
      // A late save on the first instance is refused: the attempt is graded on the second.
      const late = await on(0, 'PUT', `/api/student/attempts/${attemptId}/answers/${world.ids[0]}`, me, {
        answer: { choices: [2] },
        review: false,
        seq: 200,
      });
      expect(late.status).toBe(409);
    } finally {
      await other.close();
    }
  });
});
