import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, earlyDeliveryReports, messageConsents, messageOutbox } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { type StandIn, startStandIn } from '../../testing/stand-in-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMessageWorker } from './message-worker';
import { type MessageProvider, msg91Provider, whatsAppProvider } from './providers';

// Both providers' webhooks, fed by the stand-in over HTTP to the listening app: delivery reports and
// parents' replies, each verified (a wrong secret is 401 and changes nothing) and idempotent.
const APP_SECRET = 'whatsapp-app-secret-for-webhooks';
const SMS_SECRET = 'msg91-webhook-secret-for-tests';
const silent = { info() {}, warn() {} };

let t: TestApp;
let base: string;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let photo: string;
let standIn: StandIn;
let phoneSeq = 9_833_000_000;

beforeAll(async () => {
  t = await createTestApp({
    messaging: { worker: false, whatsAppAppSecret: APP_SECRET, msg91WebhookSecret: SMS_SECRET },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 1000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  photo = await t.uploadPhoto(priya.headers);
  await t.app.deps.db.execute(sql`alter table students alter column consent_state set default 'given'`);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.deps.db
    .update(messageOutbox)
    .set({ status: 'skipped' })
    .where(inArray(messageOutbox.status, ['queued', 'sending']));
  standIn = await startStandIn({
    token: 'wa-token',
    appSecret: APP_SECRET,
    webhookUrl: `${base}/api/public/messages/whatsapp`,
    smsReportsUrl: `${base}/api/public/messages/sms/reports?token=${SMS_SECRET}`,
    smsRepliesUrl: `${base}/api/public/messages/sms/replies?token=${SMS_SECRET}`,
  });
});
afterEach(() => standIn.close());

/** A registered student's parent, with the receipt message waiting for them. */
async function parent() {
  phoneSeq += 1;
  const parentsNo = String(phoneSeq);
  await registerStudent(
    t,
    priya.headers,
    registrationForm({ studentPhoto: photo, receiptPhoto: photo, parentsNo, notificationNo: parentsNo }),
  );
  return parentsNo;
}

const sms = (): MessageProvider =>
  msg91Provider({ authKey: 'k', flowId: 'flow', apiUrl: `${standIn.url}/api/v5`, ratePerSecond: 1000 });
const whatsApp = (): MessageProvider =>
  whatsAppProvider({ token: 'wa-token', phoneNumberId: '1', apiUrl: `${standIn.url}/v21.0`, ratePerSecond: 1000 });

async function drain(provider: MessageProvider) {
  await createMessageWorker({ db: t.app.deps.db, provider, log: silent }).runOnce();
  await standIn.idle();
}

const outboxOf = async (phone: string) =>
  (
    await t.app.deps.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.phone, phone))
      .orderBy(asc(messageOutbox.id))
  )[0];
const consentOf = async (phone: string) =>
  (await t.app.deps.db.select().from(messageConsents).where(eq(messageConsents.phone, phone)))[0];
const consentAudits = async (phone: string) =>
  (
    await t.app.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'message_consent'), eq(auditLog.entityId, phone)))
  ).length;

const post = (path: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/messages/sms/${path}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    payload: payload as Record<string, unknown>,
  });

describe("MSG91's delivery reports", () => {
  it('settle each SMS delivered or failed with the reason; a report repeated or stale changes nothing', async () => {
    const delivered = await parent();
    const undelivered = await parent();
    standIn.undelivered(undelivered);
    await drain(sms());
    expect(await outboxOf(delivered)).toMatchObject({ status: 'delivered', channel: 'sms' });
    expect(await outboxOf(undelivered)).toMatchObject({ status: 'failed', failReason: 'MSG91 2: Absent subscriber' });

    const row = await outboxOf(delivered);
    const again = await post(
      'reports',
      { requestId: row?.providerMessageId, number: `91${delivered}`, status: 2, desc: 'FAILED' },
      SMS_SECRET,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await outboxOf(delivered)).toEqual(row);
  });

  it('refuse a wrong or missing secret with 401, and change nothing', async () => {
    const phone = await parent();
    await createMessageWorker({ db: t.app.deps.db, provider: sms(), log: silent }).runOnce();
    // The stand-in's own report is still on its way or done; forge a failure for the same request.
    await standIn.idle();
    const before = await outboxOf(phone);
    const report = { requestId: before?.providerMessageId, number: `91${phone}`, status: '2', desc: 'FAILED' };
    for (const token of ['not-the-secret', '', undefined]) {
      const forged = await post('reports', report, token);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await outboxOf(phone)).toEqual(before);
  });

  it('keep a report that overtakes the record of its send, and take it once the send is recorded', async () => {
    const phone = await parent();
    const requestId = `early-${phone}`;
    let answered = 0;
    // MSG91 accepts the SMS and its report comes back before the worker has recorded MSG91's request id.
    const overtaken: MessageProvider = {
      channel: 'sms',
      ratePerSecond: 1000,
      async send() {
        const early = await post(
          'reports',
          { requestId, number: `91${phone}`, status: '2', failedReason: 'Absent subscriber' },
          SMS_SECRET,
        );
        answered = early.statusCode;
        return { ok: true, providerMessageId: requestId };
      },
    };
    await createMessageWorker({ db: t.app.deps.db, provider: overtaken, log: silent }).runOnce();
    expect(answered).toBe(200);
    expect(await outboxOf(phone)).toMatchObject({
      status: 'failed',
      failReason: 'MSG91 2: Absent subscriber',
      providerMessageId: requestId,
    });
    const kept = await t.app.deps.db
      .select()
      .from(earlyDeliveryReports)
      .where(eq(earlyDeliveryReports.providerMessageId, requestId));
    expect(kept).toEqual([]);
  });

  it('keep a report no message carries at most 7 days', async () => {
    const db = t.app.deps.db;
    const first = await post('reports', { requestId: 'not-ours-0001', status: '1', desc: 'DELIVERED' }, SMS_SECRET);
    expect(first.statusCode).toBe(200);
    const kept = () =>
      db
        .select({ id: earlyDeliveryReports.providerMessageId })
        .from(earlyDeliveryReports)
        .where(inArray(earlyDeliveryReports.providerMessageId, ['not-ours-0001', 'not-ours-0002']))
        .orderBy(asc(earlyDeliveryReports.providerMessageId));
    expect(await kept()).toEqual([{ id: 'not-ours-0001' }]);
    await db
      .update(earlyDeliveryReports)
      .set({ receivedAt: sql`now() - interval '8 days'` })
      .where(eq(earlyDeliveryReports.providerMessageId, 'not-ours-0001'));
    await post('reports', { requestId: 'not-ours-0002', status: '1', desc: 'DELIVERED' }, SMS_SECRET);
    expect(await kept()).toEqual([{ id: 'not-ours-0002' }]);
  });
});

describe('a parent who replies STOP, on either channel', () => {
  for (const channel of ['sms', 'whatsapp'] as const) {
    it(`${channel}: gets no more messages, recorded as their choice once however often it arrives`, async () => {
      const phone = await parent();
      standIn.reply(channel, phone, 'STOP');
      standIn.reply(channel, phone, 'stop.');
      await standIn.idle();
      // Both arrive at once, in either order: one of them is the recorded choice.
      expect(await consentOf(phone)).toMatchObject({
        optedOut: true,
        source: 'reply',
        note: expect.stringMatching(/^Replied "(STOP|stop\.)"$/),
      });
      expect(await consentAudits(phone)).toBe(1);
      // The receipt message still waiting is not sent.
      expect(await outboxOf(phone)).toMatchObject({ status: 'skipped', failReason: 'Opted out' });
      await drain(channel === 'sms' ? sms() : whatsApp());
      expect(standIn.requests.filter((request) => request.to === `91${phone}`)).toHaveLength(0);

      standIn.reply(channel, phone, 'START');
      await standIn.idle();
      expect(await consentOf(phone)).toMatchObject({ optedOut: false, source: 'reply' });
      expect(await consentAudits(phone)).toBe(2);
    });
  }

  it('a forged SMS reply is 401 and records nothing', async () => {
    const phone = await parent();
    const forged = await post('replies', { number: `91${phone}`, message: 'STOP' }, 'guess');
    expect(forged.statusCode).toBe(401);
    expect(await consentOf(phone)).toBeUndefined();
    expect(await outboxOf(phone)).toMatchObject({ status: 'queued' });
  });

  it('a forged WhatsApp reply is 401 too', async () => {
    const phone = await parent();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/public/messages/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: JSON.stringify({
        entry: [{ changes: [{ value: { messages: [{ from: `91${phone}`, type: 'text', text: { body: 'STOP' } }] } }] }],
      }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await consentOf(phone)).toBeUndefined();
  });
});

describe('delivery reports that arrive together', () => {
  it('through the webhook at once: every report answered, every message settled', async () => {
    const phones = await Promise.all(Array.from({ length: 6 }, () => parent()));
    const rows = await Promise.all(phones.map(outboxOf));
    const db = t.app.deps.db;
    for (const row of rows) {
      await db
        .update(messageOutbox)
        .set({ status: 'sending', providerMessageId: `burst.${row?.id}` })
        .where(eq(messageOutbox.id, row?.id ?? 0));
    }
    const webhook = (id: string, status: string) => {
      const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id, status }] } }] }] });
      const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
      return t.app.inject({
        method: 'POST',
        url: '/api/public/messages/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
    };
    const answers = await Promise.all(
      rows.flatMap((row) => [webhook(`burst.${row?.id}`, 'sent'), webhook(`burst.${row?.id}`, 'delivered')]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const settled = await Promise.all(phones.map(outboxOf));
    expect(settled.map((row) => row?.status)).toEqual(phones.map(() => 'delivered'));
  });
});
