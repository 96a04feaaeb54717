import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consentLinks, consents, messageOutbox, students } from '../../db/schema';
import { addCentres, registerWithOwnPhones } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A provider is configured (never reached: the worker is off), so codes leave through the outbox with a link.
let now = new Date('2026-11-24T06:00:00Z');
let t: TestApp;
let counsellor: { headers: { authorization: string }; uuid: string };
let photo: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    messaging: {
      worker: false,
      whatsapp: { token: 'test', phoneNumberId: '1', apiUrl: 'http://127.0.0.1:9', ratePerSecond: 10 },
    },
  });
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
  photo = await t.uploadPhoto(counsellor.headers, { r: 30, g: 90, b: 160 });
});
afterAll(() => t.close());

const register = (studentName: string) => registerWithOwnPhones(t, counsellor.headers, { photo, studentName });

/** Sends a code through the provider and answers the token the parent's message carries. */
async function sendCode(studentId: string): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/counsellor/consent/${studentId}/code`,
    headers: counsellor.headers,
    payload: { language: 'mr' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().sent).toBe(true);
  const [parent] = await t.app.deps.db
    .select({ parentsNo: students.parentsNo })
    .from(students)
    .where(eq(students.studentId, studentId));
  const [message] = await t.app.deps.db
    .select({ body: messageOutbox.body })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.kind, 'consent_code'), eq(messageOutbox.phone, parent?.parentsNo ?? '')))
    .orderBy(desc(messageOutbox.id))
    .limit(1);
  const token = message?.body.match(/https:\/\/pariksha-exams\.in\/consent\/([A-Za-z0-9_-]{32})/)?.[1];
  if (!token) throw new Error(`no link in: ${message?.body}`);
  return token;
}

const page = (token: string, ip = '203.0.113.10') =>
  t.app.inject({ method: 'GET', url: `/api/public/consentLink/${token}`, remoteAddress: ip });
const answer = (token: string, payload: Record<string, unknown>, ip = '203.0.113.10') =>
  t.app.inject({ method: 'POST', url: `/api/public/consentLink/${token}`, payload, remoteAddress: ip });

describe("the parent's consent on the link sent with the code", () => {
  it('the code message carries a single-use link; the parent consents there: method link, notice version, Activity', async () => {
    const studentId = await register('Link Student');
    const token = await sendCode(studentId);
    // Only the token's hash is stored.
    const stored = await t.app.deps.db.select().from(consentLinks).where(eq(consentLinks.studentId, studentId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const shown = await page(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ studentName: 'Link Student', noticeVersion: PRIVACY_NOTICE.version });
    expect(shown.headers['cache-control']).toBe('private, no-store');

    const given = await answer(token, { messages: true, noticeVersion: PRIVACY_NOTICE.version });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({ message: privacyMessages.consentLinkGiven, state: 'given' });

    const [row] = await t.app.deps.db.select().from(consents).where(eq(consents.studentId, studentId));
    expect(row).toMatchObject({ decision: 'given', method: 'link', noticeVersion: PRIVACY_NOTICE.version });
    expect(row?.recordedAt).toBeInstanceOf(Date);
    const [state] = await t.app.deps.db
      .select({ state: students.consentState })
      .from(students)
      .where(eq(students.studentId, studentId));
    expect(state?.state).toBe('given');

    // Activity: the student's history shows the parent's consent, by the link.
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, studentId), eq(auditLog.entity, 'consent')))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual(['send_code', 'create']);
    expect(entries[1]).toMatchObject({ actorName: 'Parent (consent link)', actorRole: 'parent' });
    expect(entries[1]?.after).toMatchObject({ consentState: 'given', consentMethod: 'link', noticeVersion: 1 });

    // Used once: the same link is now the same 404 as an unknown one, and the code sent with it is spent.
    const again = await answer(token, { messages: false, noticeVersion: PRIVACY_NOTICE.version });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(privacyMessages.consentLinkInvalid);
    expect((await page(token)).statusCode).toBe(404);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/consent/${studentId}`,
      headers: counsellor.headers,
    });
    expect(status.json().codeExpiresAt).toBeNull();
    expect(status.json().history).toHaveLength(1);
  });

  it('records a refusal of messages; a stale notice version is refused and changes nothing', async () => {
    const studentId = await register('Refusing Student');
    const token = await sendCode(studentId);
    const stale = await answer(token, { messages: true, noticeVersion: PRIVACY_NOTICE.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(await t.app.deps.db.select().from(consents).where(eq(consents.studentId, studentId))).toHaveLength(0);
    const refused = await answer(token, { messages: false, noticeVersion: PRIVACY_NOTICE.version });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().state).toBe('messages_refused');
  });

  it('a new code replaces the last link; an expired link and a consent taken another way spend it', async () => {
    const studentId = await register('Replaced Student');
    const first = await sendCode(studentId);
    const second = await sendCode(studentId);
    expect(second).not.toBe(first);
    expect((await page(first)).statusCode).toBe(404);
    expect((await page(second)).statusCode).toBe(200);

    // Seven days later it has expired.
    const sentAt = now;
    now = new Date(sentAt.getTime() + 7 * 24 * 60 * 60 * 1000);
    try {
      expect((await page(second)).statusCode).toBe(404);
      expect((await answer(second, { messages: true, noticeVersion: 1 })).statusCode).toBe(404);
    } finally {
      now = sentAt;
    }

    // A paper consent at the office spends the link too.
    const third = await sendCode(studentId);
    const paper = await t.app.inject({
      method: 'POST',
      url: `/api/counsellor/consent/${studentId}/paper`,
      headers: counsellor.headers,
      payload: { photo, messages: true },
    });
    expect(paper.statusCode, paper.body).toBe(200);
    expect((await page(third)).statusCode).toBe(404);
  });

  it('refuses malformed tokens with a 400 and, past the lookups limit, an address guessing tokens (429)', async () => {
    expect((await page('short')).statusCode).toBe(400);
    expect((await answer('x'.repeat(33), { messages: true, noticeVersion: 1 })).statusCode).toBe(400);
    const studentId = await register('Guessed Student');
    const token = await sendCode(studentId);
    const guesser = '198.51.100.77';
    let last = 0;
    for (let attempt = 0; attempt < 301; attempt += 1) {
      last = (await page(`${String(attempt).padStart(6, '0')}${'a'.repeat(26)}`, guesser)).statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    // Even the right token is refused from that address (a right answer past the limit would tell).
    const refused = await answer(token, { messages: true, noticeVersion: 1 }, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.app.deps.db.select().from(consents).where(eq(consents.studentId, studentId))).toHaveLength(0);
    // Another address is answered.
    expect((await page(token, '203.0.113.99')).statusCode).toBe(200);
  });
});
