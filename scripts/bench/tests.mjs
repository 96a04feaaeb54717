// A whole standard sits an online test at once (issue 28). Scaled down by default so the part runs in
// about two minutes per database; the issue's full scenario is
//   BENCH_TEST_OPEN_SECONDS=60 BENCH_TEST_SAVE_SECONDS=1800 BENCH_TEST_SUBMIT_SECONDS=120 BENCH_ONLY=tests npm run bench
// Students (BENCH_TEST_STUDENTS, default 5,000) are rows in SQL; the test and its questions go through
// the API. Each student signs in and starts the test at a random moment of the opening window, then
// saves an answer every 10–30 s (as phones do; the interval is not compressed, the phase is shorter),
// then submits at a random moment of the last window. Figures: saves/s sustained, save p50/p99, submit
// p99, errors (any non-2xx or network error), the server's peak RSS.
import { createCounsellor, loginToken, rssSampler, startProduct, stopProcess } from './harness.mjs';

export const TEST_STUDENTS = Number(process.env.BENCH_TEST_STUDENTS ?? 5000);
const OPEN_S = Number(process.env.BENCH_TEST_OPEN_SECONDS ?? 60);
const SAVE_S = Number(process.env.BENCH_TEST_SAVE_SECONDS ?? 40);
const SUBMIT_S = Number(process.env.BENCH_TEST_SUBMIT_SECONDS ?? 20);
const QUESTIONS = 20;
const SUBJECT = 9301;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const studentId = (g) => String(7_000_000 + g);
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

function seedSql({ createdBy, examYear }) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
values (930, 'Online Test Centre', 'Online Test College', 100000) on conflict do nothing;
insert into students (student_id, student_name, gender, dob, mother_name, address, pincode, email, student_no, parents_no,
  app_no, notification_no, standard, previous_year, school_college, pre_year_percent_bp, branch, exam_centre_id, exam_year,
  student_photo, payment_standard, total_paise, paid_paise, remaining_paise, due_date, created_by, counsellor, counsellor_branch)
select (${7_000_000} + g)::text, 'Test Student ' || g, 'Female', date '2010-01-01', 'Mother', 'Address', '411005',
  'e@example.com', (9100000000 + g)::text, '8000000000', (9100000000 + g)::text, '8000000000',
  '10th', '9th', 'School', 8000, 'English', 930, ${examYear}, '${'a'.repeat(64)}', '10th', 585000, 585000, 0, null,
  '${createdBy}', 'Bench Counsellor', 'Bench'
from generate_series(1, ${TEST_STUDENTS}) g;
analyze students;`;
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 300)
    throw new Error(`bench tests: ${method} ${path} → ${response.status} ${await response.text()}`);
  return response.json();
}

/** One timed request: its ms and whether it answered 2xx. */
async function timed(run) {
  const started = performance.now();
  try {
    const response = await run();
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status < 300, status: response.status };
  } catch {
    return { ms: performance.now() - started, ok: false, status: 0 };
  }
}

export async function benchTests({ label, env, runSql, port = 4809 }) {
  const base = `http://127.0.0.1:${port}`;
  let server = await startProduct(port, env);
  const admin = await loginToken(base);
  const counsellor = await createCounsellor(base, admin, 'tests');
  const session = (await call(base, admin, 'GET', '/api/counsellor/openExamSession')).data;
  await stopProcess(server.child);
  await runSql(seedSql({ createdBy: counsellor.uuid, examYear: session.examYear }));
  server = await startProduct(port, env);
  const token = await loginToken(base);
  await call(base, token, 'POST', '/api/admin/addSubject', {
    subjectCode: SUBJECT,
    subjectName: 'Bench Science',
    language: 'English',
    standard: '10th',
  });
  const chapter = (
    await call(base, token, 'POST', '/api/exam/chapters', { subjectCode: SUBJECT, name: 'Bench Chapter' })
  ).data;
  const ids = [];
  for (let q = 0; q < QUESTIONS; q += 1) {
    const body = {
      chapterId: chapter.id,
      type: 'single',
      textEn: `Question ${q + 1}`,
      options: [{ en: 'A' }, { en: 'B' }, { en: 'C' }, { en: 'D' }],
      key: { choices: [q % 4] },
      marks: 1,
      negativeMarks: 0.25,
      difficulty: 'medium',
    };
    ids.push((await call(base, token, 'POST', '/api/exam/questions', body)).data.id);
  }
  const total = OPEN_S + SAVE_S + SUBMIT_S;
  const test = (
    await call(base, token, 'POST', '/api/exam/tests', {
      title: 'Bench test',
      standards: ['10th'],
      subjectCodes: [SUBJECT],
      questionIds: ids,
      durationMinutes: Math.ceil(total / 60) + 5,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + (total + 600) * 1000).toISOString(),
      shuffle: true,
    })
  ).data;

  const sampler = rssSampler(server.child.pid, 200);
  const opens = [];
  const saves = [];
  const submits = [];
  const started = performance.now();
  const saveEnd = started + (OPEN_S + SAVE_S) * 1000;
  let saveFirst = Number.POSITIVE_INFINITY;
  let saveLast = 0;

  const student = async (g) => {
    await sleep(Math.random() * OPEN_S * 1000);
    let studentToken;
    let attemptId;
    const opened = await timed(async () => {
      const login = await fetch(`${base}/api/student/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ studentId: studentId(g), dob: '2010-01-01' }),
      });
      if (login.status !== 200) return login;
      studentToken = (await login.json()).token;
      const start = await fetch(`${base}/api/student/tests/${test.id}/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studentToken}` },
      });
      if (start.status === 200) attemptId = (await start.clone().json()).attemptId;
      return start;
    });
    opens.push(opened);
    if (!attemptId) return;
    let seq = 0;
    for (;;) {
      await sleep((10 + Math.random() * 20) * 1000);
      if (performance.now() >= saveEnd) break;
      seq += 1;
      const questionId = ids[Math.floor(Math.random() * ids.length)];
      const at = performance.now();
      saveFirst = Math.min(saveFirst, at);
      saves.push(
        await timed(() =>
          fetch(`${base}/api/student/attempts/${attemptId}/answers/${questionId}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${studentToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ answer: { choices: [Math.floor(Math.random() * 4)] }, review: false, seq }),
          }),
        ),
      );
      saveLast = Math.max(saveLast, performance.now());
    }
    await sleep(Math.max(0, saveEnd - performance.now()) + Math.random() * SUBMIT_S * 1000);
    submits.push(
      await timed(() =>
        fetch(`${base}/api/student/attempts/${attemptId}/submit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${studentToken}` },
        }),
      ),
    );
  };
  await Promise.all(Array.from({ length: TEST_STUDENTS }, (_, i) => student(i + 1)));
  const peak = sampler.stop();
  const wallS = (performance.now() - started) / 1000;
  await stopProcess(server.child);

  const sortedMs = (rows) => rows.map((r) => r.ms).sort((a, b) => a - b);
  const saveMs = sortedMs(saves);
  const submitMs = sortedMs(submits);
  const openMs = sortedMs(opens);
  const errors = [...opens, ...saves, ...submits].filter((r) => !r.ok);
  const statuses = {};
  for (const r of errors) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return [
    {
      database: label,
      students: TEST_STUDENTS,
      'phases s': `${OPEN_S}/${SAVE_S}/${SUBMIT_S}`,
      'open p99 ms': Math.round(percentile(openMs, 0.99)),
      saves: saves.length,
      'saves/s': Math.round(saves.length / Math.max(1, (saveLast - saveFirst) / 1000)),
      'save p50 ms': Math.round(percentile(saveMs, 0.5)),
      'save p99 ms': Math.round(percentile(saveMs, 0.99)),
      'submit p99 ms': Math.round(percentile(submitMs, 0.99)),
      errors: errors.length
        ? `${errors.length} (${Object.entries(statuses)
            .map(([s, n]) => `${n}×${s}`)
            .join(' ')})`
        : 0,
      'peak RSS MB': Math.round(peak),
      'wall s': Math.round(wallS),
    },
  ];
}
