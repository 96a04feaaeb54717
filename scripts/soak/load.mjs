// Results week for a bounded time: staff sessions in closed loops (sign-ins, lists, registrations,
// instalments), photo uploads and public lookups at fixed rates from bounded pools, an admin who seats
// students and sends challans; the soak's faults at their times. Everything stops at the deadline.
import { CENTRES, day, registration } from './seed.mjs';
import { call } from './stats.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Today in India, as the challan form sends it. */
const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** What a staff session does next, by weight. */
const STAFF_MIX = [
  ['login', 5],
  ['registrations list', 25],
  ['payments list', 20],
  ['home', 15],
  ['registration', 12],
  ['instalment payment', 23],
];

function weighted(mix) {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [name, weight] of mix) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return mix[0][0];
}

/**
 * Starts `launch` `perSecond` times a second while fewer than `width` are running; a start that finds
 * the pool full is not sent and counted (the soak then reports the rate it did reach).
 */
function openLoop({ perSecond, width, until, launch }) {
  let running = 0;
  let credit = 0;
  let notSent = 0;
  let last = Date.now();
  const pending = new Set();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (now >= until) {
        clearInterval(timer);
        Promise.allSettled([...pending]).then(() => resolve({ notSent }));
        return;
      }
      // By the clock, not by ticks: a late tick (a busy event loop) starts what is due since the last.
      credit += (perSecond * (now - last)) / 1000;
      last = now;
      while (credit >= 1) {
        credit -= 1;
        if (running >= width) {
          notSent += 1;
          continue;
        }
        running += 1;
        const job = launch().finally(() => {
          running -= 1;
          pending.delete(job);
        });
        pending.add(job);
      }
    }, 20);
  });
}

export async function runLoad({ servers, world, seconds, config, stats, acks, faults = [], log }) {
  const started = Date.now();
  const until = started + seconds * 1000;
  const elapsed = () => (Date.now() - started) / 1000;
  let walkIns = 0;
  let keys = 0;
  const phaseTag = Date.now().toString(36);

  async function instalment(server, counsellor, token) {
    const student = pick(counsellor.students);
    if (!student) return;
    const key = `soak-${phaseTag}-${++keys}`;
    const amountPaise = 100 * (1 + Math.floor(Math.random() * 50));
    acks.keysSent.add(key);
    const request = {
      method: 'POST',
      path: '/api/counsellor/makePayment',
      token,
      headers: { 'idempotency-key': key },
      body: {
        studentId: student.studentId,
        amountPaid: amountPaise / 100,
        paymentMode: 'Cash',
        newDueDate: day(45),
        receiptPhoto: counsellor.photo,
      },
      expected: [201],
    };
    let answer = await call(stats, 'instalment payment', server, request);
    // As the web app does: a payment that got no answer, or a 503 with Retry-After, is sent again once
    // with the same key (after the wait), and must not be paid twice.
    if (answer.outcome !== 'ok' && (answer.status === 0 || answer.status === 503)) {
      await sleep(Math.min(5, Number(answer.retryAfter) || 1) * 1000);
      answer = await call(stats, 'instalment payment, sent again', server, request);
    }
    if (answer.status === 201) {
      acks.payments.push({ receiptNumber: answer.json.receiptNumber, studentId: student.studentId, amountPaise, key });
    }
  }

  async function register(server, counsellor, token) {
    const n = ++walkIns;
    const name = `Soak Walkin ${phaseTag} ${n}`;
    const form = registration({
      name,
      standard: n % 2 === 0 ? '10th' : '12th',
      centre: pick(CENTRES),
      photo: counsellor.photo,
      phone: 9_700_000_000 + n,
    });
    const answer = await call(stats, 'registration', server, {
      method: 'POST',
      path: '/api/counsellor/register',
      token,
      body: form,
      expected: [201],
    });
    if (answer.status === 201) {
      const { studentId, receiptNumber } = answer.json;
      acks.registrations.push({ studentId, name, counsellor: counsellor.uuid, amountPaise: 100_000 });
      acks.payments.push({ receiptNumber, studentId, amountPaise: 100_000 });
      counsellor.students.push({ studentId, name, motherName: form.motherName, standard: form.standard });
    }
  }

  async function staffSession(i) {
    const server = servers[i % servers.length];
    const counsellor = world.counsellors[i % world.counsellors.length];
    let token = counsellor.token;
    // Sessions start spread over the first think time, not all in one instant.
    await sleep(Math.random() * config.thinkMs);
    while (Date.now() < until) {
      const action = weighted(STAFF_MIX);
      if (action === 'login') {
        const answer = await call(stats, 'login', server, {
          method: 'POST',
          path: '/api/auth/login',
          body: { email: counsellor.email, password: counsellor.password, role: 'counsellor' },
        });
        if (answer.status === 200) token = answer.json.token;
      } else if (action === 'registrations list') {
        await call(stats, action, server, { path: '/api/counsellor/getRegister?page=1&limit=25', token });
      } else if (action === 'payments list') {
        await call(stats, action, server, { path: '/api/counsellor/getPayments?page=1&limit=20', token });
      } else if (action === 'home') {
        await call(stats, action, server, { path: '/api/counsellor/home/figures', token });
      } else if (action === 'registration') {
        await register(server, counsellor, token);
      } else {
        await instalment(server, counsellor, token);
      }
      await sleep(config.thinkMs * (0.5 + Math.random()));
    }
  }

  let lookups = 0;
  function lookup() {
    const server = servers[lookups % servers.length];
    const student = world.students[Math.floor(Math.random() * world.students.length)];
    const query = new URLSearchParams({
      studentName: student.name,
      studentId: student.studentId,
      motherName: student.motherName,
    });
    lookups += 1;
    return lookups % 2 === 0
      ? call(stats, 'result lookup', server, { path: `/api/result/fetch?${query}` })
      : call(stats, 'hall ticket', server, { path: `/api/pdf/generate-preview?${query}` });
  }

  let uploads = 0;
  async function upload() {
    const server = servers[uploads % servers.length];
    const counsellor = world.counsellors[uploads % world.counsellors.length];
    uploads += 1;
    const answer = await call(stats, 'photo upload', server, {
      method: 'POST',
      path: '/api/upload-photo',
      token: counsellor.token,
      headers: { 'content-type': config.photo.contentType },
      body: config.photo.body,
      expected: [201],
    });
    if (answer.status === 201) acks.uploads.push(answer.json.imageUrl);
  }

  /** The admin, on every instance at once: seats a centre, sends a challan, looks at Home. */
  async function adminLoop() {
    while (Date.now() < until) {
      await sleep(config.adminEverySeconds * 1000);
      if (Date.now() >= until) break;
      await Promise.all(
        servers.map(async (server) => {
          const seats = await call(stats, 'assign seats', server, {
            method: 'POST',
            path: '/api/admin/seatNumbers/assign',
            token: world.admin,
            body: { centerId: pick(CENTRES) },
          });
          if (seats.status === 200 && seats.json.first)
            acks.seats.push({ first: seats.json.first, last: seats.json.last });
          const counsellor = pick(world.counsellors);
          const count = 1 + Math.floor(Math.random() * 20);
          const answer = await call(stats, 'challan', server, {
            method: 'POST',
            path: '/api/admin/addBooksWithChalan',
            token: world.admin,
            body: {
              chalanDate: indianToday(),
              counsellorId: counsellor.uuid,
              items: [{ standard: '10th', bookName: 'Math', totalCount: count }],
            },
            expected: [201],
          });
          if (answer.status === 201) acks.challans.push({ chalanNo: answer.json.data.chalanNo, count });
          await call(stats, 'admin home', server, { path: '/api/admin/home/figures', token: world.admin });
        }),
      );
    }
  }

  // Once a second: memory of every instance, an instance the soak did not stop that is gone (reported,
  // then started again so the soak goes on), a progress line every 30 s.
  const restarting = new Set();
  const watch = setInterval(() => {
    const at = elapsed();
    for (const server of servers) {
      server.sampleRss(at);
      if (!server.alive() && !server.down && !restarting.has(server)) {
        restarting.add(server);
        stats.fail('server process', `${server.name} exited at ${at.toFixed(0)} s without being killed`);
        log(`  ${server.name} DIED at ${at.toFixed(0)} s: ${server.deaths.at(-1)?.reason}`);
        server
          .restartAfterDeath()
          .catch((error) => log(`  ${server.name} did not start again: ${error.message}`))
          .finally(() => restarting.delete(server));
      }
    }
    if (Math.round(at) % 30 === 0) {
      log(`  ${Math.round(at)} s: ${stats.errorCount()} errors so far`);
    }
  }, 1000);

  const faultLog = [];
  const faultRuns = faults.map(async (fault) => {
    await sleep(fault.atSeconds * 1000);
    if (Date.now() >= until) return;
    const at = Math.round(elapsed());
    const result = await fault.run().catch((error) => {
      stats.fail('fault injection', `${fault.what}: ${error.message}`);
      return { ok: false, outcome: `failed: ${error.message}` };
    });
    faultLog.push({ at, what: fault.what, ...result });
    log(`  ${at} s: ${fault.what}: ${result.outcome}`);
  });

  const staff = Array.from({ length: config.staffSessions }, (_, i) => staffSession(i));
  const [lookupLoop, uploadLoop] = await Promise.all([
    openLoop({ perSecond: config.lookupsPerSecond, width: config.lookupWidth, until, launch: lookup }),
    openLoop({ perSecond: config.uploadsPerSecond, width: 4, until, launch: upload }),
    ...staff,
    adminLoop(),
    ...faultRuns,
  ]);
  clearInterval(watch);
  return {
    seconds: elapsed(),
    lookupsNotSent: lookupLoop.notSent,
    uploadsNotSent: uploadLoop.notSent,
    faultLog,
  };
}
