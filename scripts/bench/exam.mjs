// Exam week at 20,000 students of the current exam year (seat numbers and marks seeded in SQL, the
// timetable and the flags through the API): results released through the API (the answer's time, then
// the background warm-up that computes every result into the lookup cache: its time and the server's
// memory), result lookups at 50 connections beside a bare node:http server in the same run (students
// never looked up before, and 500 looked up again and again), the hall-ticket PDF at 20 connections (one ticket again and again: served from
// the content-keyed cache; a different student each time: rendered), and a centre's 1,000 tickets as one
// PDF (time and the server's peak RSS). `BENCH_ONLY=exam node scripts/bench.mjs` runs only this part.
import { readFileSync } from 'node:fs';
import {
  createCounsellor,
  load,
  loadCells,
  loginToken,
  multipart,
  rssMb,
  rssSampler,
  startProduct,
  stopProcess,
  studentsSql,
} from './harness.mjs';

export const EXAM_STUDENTS = 20_000;
const CENTRES = 20; // 1,000 students each
const PAPERS = [
  [9101, 'English'],
  [9102, 'Mathematics'],
  [9103, 'Science'],
  [9104, 'Social Science'],
  [9105, 'Marathi'],
];

/** The exam year as the server computes it (the calendar year in India). */
const examYear = Number(new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format());
const yy = String(examYear % 100).padStart(2, '0');
const studentId = (g) => String(8_000_000 + g);
const lookupPath = (path, g) =>
  `${path}?${new URLSearchParams({ studentName: `Exam Student ${g}`, studentId: studentId(g), motherName: 'Mother' })}`;

/** Bulk rows straight in SQL: a bench seeding step, not the product's path (that is tested elsewhere). */
function seedSql({ createdBy, photoHash }) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
select c, 'Exam Centre ' || c, 'Exam College ' || c, 2000 from generate_series(1, ${CENTRES}) c on conflict do nothing;
${studentsSql({
  count: EXAM_STUDENTS,
  columns: {
    student_id: `(${8_000_000} + g)::text`,
    student_name: `'Exam Student ' || g`,
    exam_centre_id: `1 + (g - 1) / ${EXAM_STUDENTS / CENTRES}`,
    exam_year: String(examYear),
    student_photo: `'${photoHash}'`,
    created_by: `'${createdBy}'`,
    seat_number: `'S${yy}-' || lpad(g::text, 5, '0')`,
    seat_serial: 'g',
  },
})}
insert into marks (student_id, subject_code, marks, updated_by)
select (${8_000_000} + g)::text, p, 20 + (g * 37 + p * 11) % 81, '${createdBy}'
from generate_series(1, ${EXAM_STUDENTS}) g cross join unnest(array[${PAPERS.map(([code]) => code).join(',')}]) p;
analyze students;
analyze marks;`;
}

/** CPU time (ms) the process has used, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Waits until the server has been quiet (under 3% of a core) for a second after a release: the warm-up
 * runs in the background and says nothing over HTTP. Answers how long it was busy and its peak RSS.
 */
async function quietAfterWork(pid, timeoutMs = 300_000) {
  const started = performance.now();
  let peakMb = rssMb(pid);
  let lastBusy = started;
  let previous = cpuMs(pid);
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const used = cpuMs(pid);
    peakMb = Math.max(peakMb, rssMb(pid));
    if (used - previous > 7.5) lastBusy = performance.now();
    previous = used;
    if (performance.now() - lastBusy >= 1000) return { busyMs: lastBusy - started, peakMb };
  }
  throw new Error('bench exam: the server stayed busy after the release');
}

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 300)
    throw new Error(`bench exam: ${method} ${path} → ${response.status} ${await response.text()}`);
  return response;
}

export async function benchExam({ label, env, runSql, bare, port = 4808, duration = 6 }) {
  const base = `http://127.0.0.1:${port}`;
  const start = () => startProduct(port, env);

  // Through the API: a counsellor (for a real stored photo), the timetable of the 10th papers, the flags.
  let server = await start();
  const admin = await loginToken(base);
  const counsellor = await createCounsellor(base, admin, 'exam');
  const photo = multipart(
    await (await import('sharp'))
      .default({ create: { width: 300, height: 400, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer(),
  );
  const uploaded = await fetch(`${base}/api/upload-photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await counsellor.login()}`, 'content-type': photo.contentType },
    body: photo.body,
  });
  if (uploaded.status !== 201) throw new Error(`bench exam photo: ${uploaded.status} ${await uploaded.text()}`);
  const photoHash = /([0-9a-f]{64})/.exec((await uploaded.json()).imageUrl)?.[1];
  for (const [index, [subjectCode, subjectName]] of PAPERS.entries()) {
    await api(base, admin, 'POST', '/api/admin/addSubject', {
      subjectCode,
      subjectName,
      language: 'English',
      standard: '10th',
    });
    const date = new Date(Date.now() + (60 + 2 * index) * 86_400_000).toISOString().slice(0, 10);
    await api(base, admin, 'PUT', `/api/admin/addDates/${subjectCode}`, {
      examDate: date,
      examTime: '11:00 AM-2:00 PM',
    });
  }
  await api(base, admin, 'PUT', '/api/admin/updateSettingFlag/HALLTICKET', { flagValue: 'true' });
  await stopProcess(server.child);
  await runSql(seedSql({ createdBy: counsellor.uuid, photoHash }));

  server = await start();
  const rows = [];
  try {
    const pid = server.child.pid;
    // Results day: the release answers at once; every result is then computed in the background.
    const token = await loginToken(base);
    const beforeRelease = rssMb(pid);
    const released = performance.now();
    await api(base, token, 'PUT', '/api/admin/updateSettingFlag/RESULT', { flagValue: 'true' });
    const answeredMs = performance.now() - released;
    const warm = await quietAfterWork(pid);
    rows.push({
      database: label,
      what: `results released: the answer, then the warm-up of ${EXAM_STUDENTS.toLocaleString('en-IN')} results`,
      connections: 1,
      'req/s': '',
      'p50 ms': `${answeredMs.toFixed(0)} ms answer, ${(warm.busyMs / 1000).toFixed(1)} s warm-up`,
      'p99 ms': '',
      'ratio to bare': '',
      'peak RSS MB': `${warm.peakMb.toFixed(0)} (before ${beforeRelease.toFixed(0)}, after ${rssMb(pid).toFixed(0)})`,
      errors: 0,
    });
    const check = await fetch(`${base}${lookupPath('/api/result/fetch', 1)}`);
    if (check.status !== 200) throw new Error(`bench exam: result lookup → ${check.status} ${await check.text()}`);
    const someStudents = (path, n) =>
      Array.from({ length: n }, (_, i) => lookupPath(path, 1 + ((i * 7919) % EXAM_STUDENTS)));

    const students = someStudents('/api/result/fetch', EXAM_STUDENTS);
    // Families looking again (a refresh, a parent, a print): 500 students over and over, from memory.
    // They go first: that also brings the process's lookup path to compiled code, which otherwise the
    // first looks below would pay for (the server has just started; results day's crowd does that in
    // its first seconds).
    const again = await load({ url: base, paths: students.slice(0, 500), pid, connections: 50, duration });
    // Then every request a student never looked up before, of the other 19,500: 16,000 timed after 3,200
    // of warm-up (their results were computed at the release, not by an earlier lookup).
    const result = await load({ url: base, paths: students.slice(500), pid, connections: 50, amount: 16_000 });
    for (const [what, run] of [
      ['result lookup, a student never looked up before (warmed at the release)', result],
      ['result lookup, 500 students again and again (lookup cache)', again],
    ]) {
      rows.push({
        database: label,
        what,
        connections: 50,
        ...loadCells(run),
        'ratio to bare': (run.rps / bare.rps).toFixed(2),
        'peak RSS MB': run.peakRssMb.toFixed(0),
        errors: run.non2xx,
      });
    }
    const same = await load({
      url: `${base}${lookupPath('/api/pdf/generate-preview', 2)}`,
      pid,
      connections: 20,
      duration,
    });
    rows.push({
      database: label,
      what: 'hall ticket PDF, same ticket (cache)',
      connections: 20,
      ...loadCells(same),
      'ratio to bare': '',
      'peak RSS MB': same.peakRssMb.toFixed(0),
      errors: same.non2xx,
    });
    const many = await load({
      url: base,
      paths: someStudents('/api/pdf/generate-preview', 5000).reverse(),
      pid,
      connections: 20,
      duration,
    });
    rows.push({
      database: label,
      what: 'hall ticket PDF, a new student each time',
      connections: 20,
      ...loadCells(many),
      'ratio to bare': '',
      'peak RSS MB': many.peakRssMb.toFixed(0),
      errors: many.non2xx,
    });

    // A centre's 1,000 tickets as one PDF, read to the end; the server's RSS sampled meanwhile.
    const idle = rssMb(pid);
    const sampler = rssSampler(pid, 50);
    const started = performance.now();
    const bulk = await api(base, admin, 'GET', '/api/admin/hallTickets?centerId=3');
    const pdf = Buffer.from(await bulk.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    rows.push({
      database: label,
      what: `bulk PDF of ${bulk.headers.get('x-ticket-count')} tickets (${(pdf.length / 1e6).toFixed(1)} MB)`,
      connections: 1,
      'req/s': '',
      'p50 ms': `${seconds.toFixed(1)} s total`,
      'p99 ms': '',
      'ratio to bare': '',
      'peak RSS MB': `${peak.toFixed(0)} (idle ${idle.toFixed(0)})`,
      errors: pdf.subarray(0, 5).toString() === '%PDF-' ? 0 : 1,
    });
  } finally {
    await stopProcess(server.child);
  }
  return rows;
}
