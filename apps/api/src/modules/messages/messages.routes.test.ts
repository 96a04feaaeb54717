import { createHmac } from 'node:crypto';
import { defaultTemplates, messageTexts } from '@app/domain/family-messages.rules';
import { messages } from '@app/domain/messages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, messageConsents, messageOutbox } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { type StandIn, startStandIn } from '../../testing/stand-in-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { systemActor } from '../audit/audit.service';
import { createMessageWorker } from './message-worker';
import { claimDueMessages, settleMessage } from './messages.repository';
import { queueReleaseMessages, sendConsentCode } from './messages.service';
import { msg91Provider, whatsAppProvider } from './providers';

const APP_SECRET = 'whatsapp-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me-please';
const silent = { info() {}, warn() {} };

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
let standIn: StandIn;
let now = new Date();
let phoneSeq = 9_822_000_000;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    messaging: { worker: false, whatsAppAppSecret: APP_SECRET, whatsAppVerifyToken: VERIFY_TOKEN },
  });
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 1000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  rahul = await t.createStaff({ role: 'counsellor' });
  photo = await t.uploadPhoto(priya.headers);
  // These tests are about the outbox, so every parent here has consented as the student is registered.
  // (A registration is held until then, and its messages skipped: privacy/consent.routes.test.ts.)
  await t.app.deps.db.execute(sql`alter table students alter column consent_state set default 'given'`);
});
afterAll(() => t.close());

/** Sets aside every message still waiting, so a test sends only what it queues next. */
const setAside = () =>
  t.app.deps.db
    .update(messageOutbox)
    .set({ status: 'skipped' })
    .where(inArray(messageOutbox.status, ['queued', 'sending']));

beforeEach(async () => {
  now = new Date();
  await setAside();
  standIn = await startStandIn({ token: 'wa-token' });
});
afterEach(() => standIn.close());

const nextPhone = () => {
  phoneSeq += 1;
  return String(phoneSeq);
};

/** Registers a student whose parent has a phone of their own; answers the ID and the phone. */
async function student(change: Record<string, unknown> = {}) {
  const parentsNo = nextPhone();
  const studentId = await registerStudent(
    t,
    priya.headers,
    registrationForm({ studentPhoto: photo, receiptPhoto: photo, parentsNo, notificationNo: parentsNo, ...change }),
  );
  return { studentId, parentsNo };
}

const outboxOf = (phone: string) =>
  t.app.deps.db.select().from(messageOutbox).where(eq(messageOutbox.phone, phone)).orderBy(asc(messageOutbox.id));

const whatsApp = (timeoutMs = 2000) =>
  whatsAppProvider({
    token: 'wa-token',
    phoneNumberId: '1234567890',
    apiUrl: `${standIn.url}/v21.0`,
    ratePerSecond: 1000,
    timeoutMs,
  });

const worker = (options: { leaseMs?: number; workerId?: string; timeoutMs?: number } = {}) =>
  createMessageWorker({ db: t.app.deps.db, provider: whatsApp(options.timeoutMs), log: silent, ...options });

const makeDue = () =>
  t.app.deps.db.update(messageOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(messageOutbox.status, 'queued'));

const admin = () => t.adminAuth();

describe('templates', () => {
  it('lists the seeded templates, in English and good Marathi, with the variables', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages/templates',
      headers: await admin(),
    });
    expect(response.statusCode).toBe(200);
    const { data, variables } = response.json();
    expect(data.map((row: { kind: string }) => row.kind).sort()).toEqual(
      [
        'breach_notice',
        'consent_code',
        'follow_up_reminder',
        'hall_tickets_released',
        'instalment_due',
        'instalment_overdue',
        'payment_received',
        'results_declared',
      ].sort(),
    );
    const paid = data.find((row: { kind: string }) => row.kind === 'payment_received');
    expect(paid.bodyMr).toMatch(/^प्रिय पालक, \{studentName\}/);
    expect(paid.bodyEn).toContain('{receiptNumber}');
    expect(variables).toContain('hallTicketLink');
    // Migration 0028's texts are the domain's defaults, word for word.
    for (const kind of ['breach_notice', 'consent_code'] as const) {
      const row = data.find((template: { kind: string }) => template.kind === kind);
      expect({ bodyEn: row.bodyEn, bodyMr: row.bodyMr }).toEqual(defaultTemplates[kind]);
    }
  });

  it('refuses an unknown variable and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/templates/instalment_overdue',
      headers: await admin(),
      payload: { bodyEn: 'Dear {studentNme}, pay {amount}', bodyMr: 'प्रिय पालक, {amount}', language: 'both' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('{studentNme}');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages/templates', headers: await admin() });
    const row = list.json().data.find((item: { kind: string }) => item.kind === 'instalment_overdue');
    expect(row.bodyEn).not.toContain('studentNme');
  });

  it("renders an admin's Marathi template into the receipt message of the next payment", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/templates/payment_received',
      headers: await admin(),
      payload: {
        bodyEn: 'Received {amount} for {studentName}. Receipt {receiptNumber}.',
        bodyMr: 'प्रिय पालक, {studentName} यांचे {amount} मिळाले. पावती {receiptNumber}.',
        language: 'mr',
      },
    });
    expect(saved.statusCode).toBe(200);
    const { parentsNo } = await student({ studentName: 'Ananya Patil', amountPaid: 2500 });
    const [row] = await outboxOf(parentsNo);
    expect(row?.body).toMatch(/^प्रिय पालक, Ananya Patil यांचे ₹2,500 मिळाले\. पावती \d{4}-\d{2}\/\d{6}\.$/);
    const activity = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'message_template'), eq(auditLog.entityId, 'payment_received')));
    expect(activity).toHaveLength(1);
  });

  it('refuses a template for a kind that does not exist, and a counsellor', async () => {
    const body = { bodyEn: 'x {amount}', bodyMr: 'य {amount}', language: 'en' };
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/templates/party',
      headers: await admin(),
      payload: body,
    });
    expect(unknown.statusCode).toBe(400);
    const counsellor = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/templates/payment_received',
      headers: priya.headers,
      payload: body,
    });
    expect(counsellor.statusCode).toBe(403);
  });
});

describe('the outbox is written in the event transaction', () => {
  it('queues the receipt message with the payment, and a refused payment queues nothing', async () => {
    const { studentId, parentsNo } = await student();
    expect((await outboxOf(parentsNo)).map((row) => [row.kind, row.status, row.studentId])).toEqual([
      ['payment_received', 'queued', studentId],
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers: priya.headers,
      payload: { studentId, amountPaid: 999_999, paymentMode: 'Cash', receiptPhoto: photo },
    });
    expect(refused.statusCode).toBe(400);
    expect(await outboxOf(parentsNo)).toHaveLength(1);
    // The student's history in Activity lists the message.
    const history = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, studentId), eq(auditLog.entity, 'message')));
    expect(history).toHaveLength(1);
  });

  it('queues release messages once per session and student, even when released again', async () => {
    const { parentsNo } = await student();
    const [found] = (await t.app.deps.db.execute(sql`select exam_year from students where parents_no = ${parentsNo}`))
      .rows;
    const year = Number((found as { exam_year: number }).exam_year);
    await t.app.deps.db.transaction((tx) =>
      queueReleaseMessages(tx, { sessionId: 901, examYear: year, flag: 'HALLTICKET', by: systemActor }),
    );
    await t.app.deps.db.transaction((tx) =>
      queueReleaseMessages(tx, { sessionId: 901, examYear: year, flag: 'HALLTICKET', by: systemActor }),
    );
    const rows = (await outboxOf(parentsNo)).filter((row) => row.kind === 'hall_tickets_released');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).toContain('https://pariksha-exams.in/hallticket');
  });

  it('sends a one-time consent code through the outbox (for the DPDP work)', async () => {
    const phone = nextPhone();
    const id = await sendConsentCode(t.app.deps.db, { phone, code: '482913' });
    expect(id).toBeGreaterThan(0);
    await worker().runOnce();
    const [row] = await outboxOf(phone);
    expect(row?.status).toBe('sent');
    expect(row?.body).toContain('482913');
  });
});

describe('the worker against the stand-in provider', () => {
  it('sends, and records the provider id', async () => {
    const { parentsNo } = await student();
    expect(await worker().runOnce()).toBe(1);
    const [row] = await outboxOf(parentsNo);
    expect(row).toMatchObject({ status: 'sent', channel: 'whatsapp', attempts: 1 });
    expect(row?.providerMessageId).toMatch(/^wamid\./);
    expect(standIn.accepted.get(row?.idempotencyKey ?? '')).toBe(1);
    expect(standIn.requests[0]?.to).toBe(`91${parentsNo}`);
  });

  it('gives way while requests are being served, for at most 100 ms a send', async () => {
    const first = await student();
    let serving = true;
    const polite = createMessageWorker({
      db: t.app.deps.db,
      provider: whatsApp(),
      log: silent,
      isServing: () => serving,
    });
    const sending = polite.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(standIn.requests).toHaveLength(0);
    serving = false;
    expect(await sending).toBe(1);
    expect((await outboxOf(first.parentsNo))[0]?.status).toBe('sent');

    // Requests that never stop do not stop the sending: each send waits 100 ms at most.
    const second = await student();
    serving = true;
    const began = performance.now();
    expect(await polite.runOnce()).toBe(1);
    expect(performance.now() - began).toBeGreaterThanOrEqual(100);
    expect((await outboxOf(second.parentsNo))[0]?.status).toBe('sent');
  });

  it('honours 429 Retry-After, then sends', async () => {
    const { parentsNo } = await student();
    standIn.script(parentsNo, ['429:120']);
    await worker().runOnce();
    const [waiting] = await outboxOf(parentsNo);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.failReason).toContain('429');
    const waitMs = (waiting?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(110_000);
    // Not due yet: a second look sends nothing.
    expect(await worker().runOnce()).toBe(0);
    await makeDue();
    await worker().runOnce();
    expect((await outboxOf(parentsNo))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries a 5xx and a timeout with backoff, then sends', async () => {
    const { parentsNo } = await student();
    standIn.script(parentsNo, ['500', 'timeout']);
    await worker().runOnce();
    const [first] = await outboxOf(parentsNo);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first?.failReason).toContain('500');
    expect(first?.nextAttemptAt.getTime() ?? 0).toBeGreaterThan(Date.now() + 20_000);
    await makeDue();
    await worker({ timeoutMs: 200 }).runOnce();
    const [second] = await outboxOf(parentsNo);
    expect(second).toMatchObject({ status: 'queued', attempts: 2, failReason: 'WhatsApp timed out' });
    // The second backoff is longer than the first.
    expect(second?.nextAttemptAt.getTime() ?? 0).toBeGreaterThan(Date.now() + 45_000);
    await makeDue();
    await worker().runOnce();
    expect((await outboxOf(parentsNo))[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('fails an invalid number at once, with the reason, and does not retry', async () => {
    const { parentsNo } = await student();
    standIn.script(parentsNo, ['invalid']);
    await worker().runOnce();
    const [row] = await outboxOf(parentsNo);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.failReason).toContain('131026');
    await makeDue();
    expect(await worker().runOnce()).toBe(0);
    expect(standIn.requests).toHaveLength(1);
  });

  it('speaks MSG91 too: success, invalid number, 429', async () => {
    const sms = msg91Provider({ authKey: 'k', flowId: 'f', apiUrl: standIn.url, ratePerSecond: 100 });
    expect(await sms.send({ phone: '9822012345', body: 'x', idempotencyKey: 'a' })).toMatchObject({ ok: true });
    standIn.script('9822012346', ['invalid']);
    expect(await sms.send({ phone: '9822012346', body: 'x', idempotencyKey: 'b' })).toMatchObject({
      ok: false,
      permanent: true,
    });
    standIn.script('9822012347', ['429:7']);
    expect(await sms.send({ phone: '9822012347', body: 'x', idempotencyKey: 'c' })).toMatchObject({
      ok: false,
      permanent: false,
      retryAfterMs: 7000,
    });
  });
});

describe('exactly once across a crash', () => {
  it('a worker that dies after the provider took the message: the delivery report settles it, nothing is sent twice', async () => {
    const { parentsNo } = await student();
    // Claimed and sent, then the process dies before it records the outcome.
    const [claimed] = await claimDueMessages(t.app.deps.db, { workerId: 'dead', limit: 10, leaseMs: 300 });
    expect(claimed?.phone).toBe(parentsNo);
    const sent = await whatsApp().send({
      phone: parentsNo,
      body: claimed?.body ?? '',
      idempotencyKey: claimed?.idempotencyKey ?? '',
    });
    expect(sent.ok).toBe(true);
    // Meta's status webhook carries our key back (delivered to the app, signed).
    const request = standIn.requests[0]?.body as Record<string, unknown>;
    await webhook({
      entry: [
        {
          changes: [
            {
              value: {
                statuses: [
                  {
                    id: sent.ok ? sent.providerMessageId : '',
                    status: 'sent',
                    biz_opaque_callback_data: request.biz_opaque_callback_data,
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The lease ran out, but the message is settled: a second worker has nothing to send.
    expect(await worker().runOnce()).toBe(0);
    expect((await outboxOf(parentsNo))[0]?.status).toBe('sent');
    expect(standIn.duplicates()).toBe(0);
  });

  it('a worker that dies before sending: the lease runs out, another sends once; the dead one cannot settle it', async () => {
    const { parentsNo } = await student();
    const [claimed] = await claimDueMessages(t.app.deps.db, { workerId: 'dead', limit: 10, leaseMs: 300 });
    expect(claimed?.status).toBe('sending');
    // Inside the lease nobody else takes it.
    expect(await worker().runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await worker().runOnce()).toBe(1);
    const [row] = await outboxOf(parentsNo);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(
      await settleMessage(t.app.deps.db, {
        id: claimed?.id ?? 0,
        workerId: 'dead',
        outcome: { status: 'failed', channel: 'whatsapp', failReason: 'late' },
      }),
    ).toBe(false);
    expect((await outboxOf(parentsNo))[0]?.status).toBe('sent');
    expect(standIn.accepted.size).toBe(1);
    expect(standIn.duplicates()).toBe(0);
  });

  it('a crash between acceptance and recording with no report: resent with the same key (at-least-once, documented)', async () => {
    const { parentsNo } = await student();
    const [claimed] = await claimDueMessages(t.app.deps.db, { workerId: 'dead', limit: 10, leaseMs: 300 });
    await whatsApp().send({
      phone: parentsNo,
      body: claimed?.body ?? '',
      idempotencyKey: claimed?.idempotencyKey ?? '',
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await worker().runOnce();
    // The same key both times: a provider that deduplicates on it would drop the second.
    expect(standIn.requests.map((request) => request.key)).toEqual([claimed?.idempotencyKey, claimed?.idempotencyKey]);
  });

  it('two workers at once send every message once (claims skip locked rows)', async () => {
    const phones: string[] = [];
    for (let i = 0; i < 12; i += 1) phones.push((await student()).parentsNo);
    const one = worker({ workerId: 'one' });
    const two = worker({ workerId: 'two' });
    await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    const rows = await t.app.deps.db.select().from(messageOutbox).where(inArray(messageOutbox.phone, phones));
    expect(rows.map((row) => row.status)).toEqual(phones.map(() => 'sent'));
    expect(standIn.accepted.size).toBe(12);
    expect(standIn.duplicates()).toBe(0);
  });
});

function sign(body: string, secret = APP_SECRET) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function webhook(payload: unknown, secret = APP_SECRET) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/public/messages/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, secret) },
    payload: body,
  });
}

const reply = (phone: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [{ changes: [{ value: { messages: [{ from: `91${phone}`, type: 'text', text: { body: text } }] } }] }],
});

describe('STOP and consent', () => {
  it("answers WhatsApp's verification only with the verify token", async () => {
    const good = await t.app.inject({
      method: 'GET',
      url: `/api/public/messages/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=12345`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('12345');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/public/messages/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=12345',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('a parent who replies STOP gets no more messages; a forged reply changes nothing', async () => {
    const { parentsNo } = await student();
    const forged = await webhook(reply(parentsNo, 'STOP'), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(await t.app.deps.db.select().from(messageConsents).where(eq(messageConsents.phone, parentsNo))).toHaveLength(
      0,
    );

    const stop = await webhook(reply(parentsNo, 'stop'));
    expect(stop.statusCode).toBe(200);
    const [consent] = await t.app.deps.db.select().from(messageConsents).where(eq(messageConsents.phone, parentsNo));
    expect(consent).toMatchObject({ optedOut: true, source: 'reply' });
    // The receipt message still waiting is not sent.
    expect((await outboxOf(parentsNo))[0]).toMatchObject({ status: 'skipped', failReason: 'Opted out' });
    await worker().runOnce();
    expect(standIn.requests.filter((request) => request.to === `91${parentsNo}`)).toHaveLength(0);
    // A later payment's message is skipped too.
    const [row] = await t.app.deps.db
      .execute(sql`select student_id from students where parents_no = ${parentsNo}`)
      .then((r) => r.rows);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers: priya.headers,
      payload: {
        studentId: (row as { student_id: string }).student_id,
        amountPaid: 100,
        paymentMode: 'Cash',
        receiptPhoto: photo,
        newDueDate: new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10),
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await outboxOf(parentsNo)).map((item) => item.status)).toEqual(['skipped', 'skipped']);
  });

  it('an admin marks a phone out, and back in; a counsellor may not', async () => {
    const phone = nextPhone();
    const out = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/consents',
      headers: await admin(),
      payload: { phone: `+91 ${phone}`, optedOut: true, note: 'Asked at the office' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({
      message: messageTexts.consentSaved,
      data: { phone, optedOut: true, source: 'admin' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages/consents', headers: await admin() });
    expect(list.json().data.some((entry: { phone: string }) => entry.phone === phone)).toBe(true);
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/consents',
      headers: await admin(),
      payload: { phone, optedOut: false },
    });
    expect(back.json().message).toBe(messageTexts.consentRestored);
    const counsellor = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/consents',
      headers: priya.headers,
      payload: { phone, optedOut: true },
    });
    expect(counsellor.statusCode).toBe(403);
  });
});

describe('sending jobs', () => {
  it('previews who receives what, sends with progress, reports failures and retries them', async () => {
    const a = await student({ studentName: 'Isha Joshi', standard: '12th', branch: 'PCM', amountPaid: 1000 });
    const b = await student({ studentName: 'Kabir Shah', standard: '12th', branch: 'PCM', amountPaid: 1000 });
    const c = await student({ studentName: 'Meera Rao', standard: '12th', branch: 'PCM', amountPaid: 1000 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/consents',
      headers: await admin(),
      payload: { phone: c.parentsNo, optedOut: true },
    });
    // Their receipt messages are not this test's: the script below is for the job's message.
    await setAside();
    // Sixty days on, all three are overdue.
    now = new Date(Date.now() + 60 * 24 * 3600 * 1000);
    const request = { kind: 'instalment_overdue', audience: { type: 'standard', standard: '12th' }, language: 'mr' };
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/admin/messages/jobs/preview',
      headers: await admin(),
      payload: request,
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    const mine = body.recipients.filter((r: { studentId: string }) =>
      [a, b, c].some((s) => s.studentId === r.studentId),
    );
    expect(mine).toHaveLength(3);
    const isha = mine.find((r: { studentId: string }) => r.studentId === a.studentId);
    expect(isha.text).toMatch(
      /^प्रिय पालक, Isha Joshi यांच्या शुल्काचा हप्ता ₹[\d,]+ दिनांक \d{2}\/\d{2}\/\d{4} रोजी देय होता; त्यास \d+ दिवस उशीर/,
    );
    expect(mine.find((r: { studentId: string }) => r.studentId === c.studentId).skipReason).toBe('Opted out');
    expect(body.channel).toBe('none');

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/messages/jobs',
      headers: await admin(),
      payload: request,
    });
    expect(started.statusCode).toBe(201);
    const job = started.json().data;
    expect(job.counts.queued).toBeGreaterThanOrEqual(2);
    expect(job.counts.skipped).toBeGreaterThanOrEqual(1);

    standIn.script(b.parentsNo, ['invalid']);
    const w = worker();
    while ((await w.runOnce()) > 0);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/messages/jobs/${job.id}`,
      headers: await admin(),
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().counts.failed).toBe(1);
    expect(report.json().counts.queued).toBe(0);
    expect(report.json().messages[0]).toMatchObject({ status: 'failed', studentId: b.studentId });

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/jobs/${job.id}/retry`,
      headers: await admin(),
    });
    expect(retried.json()).toMatchObject({ message: messageTexts.retryStarted, retried: 1 });
    while ((await w.runOnce()) > 0);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/messages/jobs/${job.id}`,
      headers: await admin(),
    });
    expect(after.json().counts.failed).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/jobs/${job.id}/retry`,
      headers: await admin(),
    });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages/jobs', headers: await admin() });
    expect(list.json().data[0].id).toBe(job.id);
  });

  it('prepares messages without a provider, with the click-to-WhatsApp link', async () => {
    const { studentId, parentsNo } = await student();
    const prepare = createMessageWorker({ db: t.app.deps.db, provider: undefined, log: silent });
    await prepare.runOnce();
    expect((await outboxOf(parentsNo))[0]?.status).toBe('prepared');
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/student/${studentId}/messages`,
      headers: priya.headers,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0].whatsAppLink).toMatch(new RegExp(`^https://wa\\.me/91${parentsNo}\\?text=`));
  });

  it("shows a student's messages to their counsellor and admins, not to another counsellor", async () => {
    const { studentId } = await student();
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/student/${studentId}/messages`,
      headers: priya.headers,
    });
    expect(own.json().data).toHaveLength(1);
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/student/${studentId}/messages`,
      headers: await admin(),
    });
    expect(byAdmin.json().data).toHaveLength(1);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/student/${studentId}/messages`,
      headers: rahul.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(messages.studentNotFoundWithId);
  });

  it('refuses a job nobody would receive, and bad audiences', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/messages/jobs',
      headers: await admin(),
      payload: { kind: 'results_declared', audience: { type: 'centre', centreId: 999 } },
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(messageTexts.nothingToSend);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/messages/jobs/preview',
      headers: await admin(),
      payload: { kind: 'results_declared', audience: { type: 'standard', standard: '13th' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
