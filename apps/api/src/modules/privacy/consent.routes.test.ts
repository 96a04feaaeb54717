import { DPDP_IN_FORCE_ON } from '@app/domain/privacy.rules';
import { privacyMessages } from '@app/domain/privacy.schemas';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consents, messageOutbox, students } from '../../db/schema';
import { addCentres, registerWithOwnPhones } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { queueMessage } from '../messages/messages.service';
import { canMessage, canStudentSignIn } from './consent.service';
import type { ConsentCodeSender } from './consent-code-sender';

/** The stand-in for the messages provider: it keeps each code sent, by phone. */
const sentCodes: { phone: string; code: string; language: string }[] = [];
const capturingSender: ConsentCodeSender = {
  carriesLink: false,
  async send({ phone, code, language }) {
    sentCodes.push({ phone, code, language });
    return { sent: true };
  },
};

let now = new Date('2026-11-24T06:00:00Z');
let t: TestApp;
let admin: { authorization: string };
let counsellor: { headers: { authorization: string }; uuid: string };
let other: { headers: { authorization: string } };
let photo: string;

beforeAll(async () => {
  t = await createTestApp({ consentCodeSender: capturingSender, clock: () => now });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
  other = await t.createStaff({ role: 'counsellor', name: 'Ravi Patil', branch: 'Nashik' });
  photo = await t.uploadPhoto(counsellor.headers, { r: 10, g: 120, b: 200 });
});
afterAll(() => t.close());

const register = (studentName = 'Aarav Kulkarni') =>
  registerWithOwnPhones(t, counsellor.headers, { photo, studentName });

const post = (url: string, payload: Record<string, unknown>, headers = counsellor.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const status = async (studentId: string, headers = counsellor.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/consent/${studentId}`, headers })).json();
const lastCodeFor = async (studentId: string) => {
  const [row] = await t.app.deps.db
    .select({ parentsNo: students.parentsNo })
    .from(students)
    .where(eq(students.studentId, studentId));
  const sent = sentCodes.filter((entry) => entry.phone === row?.parentsNo).at(-1);
  if (!sent) throw new Error('no code sent');
  return sent.code;
};

describe('privacy notice', () => {
  it('is served publicly in English and Marathi with its version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/privacyNotice' });
    expect(response.statusCode).toBe(200);
    const notice = response.json();
    expect(notice.version).toBe(1);
    expect(notice.en.purposes.join(' ')).toMatch(/Enquiry.*Registration.*Fees.*Exams.*Messages/s);
    expect(notice.mr.title).toBe('गोपनीयता सूचना');
  });
});

describe("a parent's consent by a one-time code", () => {
  it('holds a new registration: no messages, no sign-in, on the admin list', async () => {
    const studentId = await register('Held Student');
    expect((await status(studentId)).state).toBe('held');
    expect(await canMessage(t.app.deps, studentId)).toBe(false);
    expect(await canStudentSignIn(t.app.deps, studentId)).toBe(false);
    const waiting = (await t.app.inject({ method: 'GET', url: '/api/admin/consent/waiting', headers: admin })).json();
    expect(waiting.students.map((s: { studentId: string }) => s.studentId)).toContain(studentId);
    expect(waiting.total).toBeGreaterThanOrEqual(1);
  });

  it('records consent with the code the parent read out: who, when, how, which notice; audited', async () => {
    const studentId = await register('Code Student');
    const sent = await post(`/api/counsellor/consent/${studentId}/code`, { language: 'mr' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent).toBe(true);
    const code = await lastCodeFor(studentId);
    expect(code).toMatch(/^\d{6}$/);
    // Only the hash is stored.
    const stored = await t.app.deps.database.db.execute(
      `select code_hash from consent_codes where student_id = '${studentId}'`,
    );
    expect(JSON.stringify(stored)).not.toContain(code);

    const confirmed = await post(`/api/counsellor/consent/${studentId}/confirm`, { code, messages: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: privacyMessages.consentRecorded, state: 'given' });
    expect(await canMessage(t.app.deps, studentId)).toBe(true);
    expect(await canStudentSignIn(t.app.deps, studentId)).toBe(true);

    const history = (await status(studentId)).history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      decision: 'given',
      method: 'code',
      noticeVersion: 1,
      recordedBy: 'Meera Joshi',
    });
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, studentId), eq(auditLog.entity, 'consent')))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['send_code', 'create']);
    expect(entries[1]?.after).toMatchObject({ consentState: 'given', consentMethod: 'code', noticeVersion: 1 });
    // The code is used: confirming again is refused.
    const again = await post(`/api/counsellor/consent/${studentId}/confirm`, { code, messages: true });
    expect(again.statusCode).toBe(400);
  });

  it('a refusal of messages lets the student sign in but sends nothing', async () => {
    const studentId = await register('Quiet Student');
    await post(`/api/counsellor/consent/${studentId}/code`, { language: 'en' });
    const code = await lastCodeFor(studentId);
    const confirmed = await post(`/api/counsellor/consent/${studentId}/confirm`, { code, messages: false });
    expect(confirmed.json().state).toBe('messages_refused');
    expect(await canMessage(t.app.deps, studentId)).toBe(false);
    expect(await canStudentSignIn(t.app.deps, studentId)).toBe(true);
  });

  it('refuses a wrong code, then locks after five, and an expired one; nothing recorded', async () => {
    const studentId = await register('Guessing Student');
    await post(`/api/counsellor/consent/${studentId}/code`, {});
    const code = await lastCodeFor(studentId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await post(`/api/counsellor/consent/${studentId}/confirm`, { code: wrong, messages: true });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(privacyMessages.consentCodeInvalid);
    }
    const locked = await post(`/api/counsellor/consent/${studentId}/confirm`, { code, messages: true });
    expect(locked.statusCode).toBe(429);
    // A new code starts again; ten minutes later it has expired.
    await post(`/api/counsellor/consent/${studentId}/code`, {});
    const fresh = await lastCodeFor(studentId);
    const sentAt = now;
    now = new Date(sentAt.getTime() + 10 * 60 * 1000 + 1);
    try {
      const expired = await post(`/api/counsellor/consent/${studentId}/confirm`, { code: fresh, messages: true });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(privacyMessages.consentCodeExpired);
    } finally {
      now = sentAt;
    }
    expect(await t.app.deps.db.select().from(consents).where(eq(consents.studentId, studentId))).toHaveLength(0);
    expect((await status(studentId)).state).toBe('held');
  });

  it('sends at most three codes a student an hour', async () => {
    const studentId = await register('Many Codes');
    for (let i = 0; i < 3; i += 1) {
      expect((await post(`/api/counsellor/consent/${studentId}/code`, {})).statusCode).toBe(200);
    }
    const fourth = await post(`/api/counsellor/consent/${studentId}/code`, {});
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(privacyMessages.consentCodeTooManySends);
  });

  it('twenty confirmations of one code at once record exactly one consent', async () => {
    const studentId = await register('Concurrent Student');
    await post(`/api/counsellor/consent/${studentId}/code`, {});
    const code = await lastCodeFor(studentId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(`/api/counsellor/consent/${studentId}/confirm`, { code, messages: true })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await t.app.deps.db.select().from(consents).where(eq(consents.studentId, studentId))).toHaveLength(1);
  });

  it("another counsellor cannot see or record a student's consent", async () => {
    const studentId = await register('Private Student');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/counsellor/consent/${studentId}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect((await post(`/api/counsellor/consent/${studentId}/code`, {}, other.headers)).statusCode).toBe(404);
    expect(
      (await post(`/api/counsellor/consent/${studentId}/paper`, { photo, messages: true }, other.headers)).statusCode,
    ).toBe(404);
  });
});

describe('paper consent and withdrawal', () => {
  it('records a photo of the signed form; an admin withdraws it and messages stop at once', async () => {
    const studentId = await register('Paper Student');
    const bad = await post(`/api/counsellor/consent/${studentId}/paper`, {
      photo: '/api/files/nothing.jpg',
      messages: true,
    });
    expect(bad.statusCode).toBe(400);
    const paper = await post(`/api/counsellor/consent/${studentId}/paper`, { photo, messages: true });
    expect(paper.statusCode, paper.body).toBe(200);
    const history = (await status(studentId)).history;
    expect(history[0]).toMatchObject({ method: 'paper', evidencePhoto: photo });
    expect(await canMessage(t.app.deps, studentId)).toBe(true);

    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/consent/${studentId}/withdraw`,
      headers: admin,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await canMessage(t.app.deps, studentId)).toBe(false);
    expect(await canStudentSignIn(t.app.deps, studentId)).toBe(false);
    const twice = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/consent/${studentId}/withdraw`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe("the outbox follows a parent's consent (issues 26 and 27)", () => {
  const outboxOf = (studentId: string) =>
    t.app.deps.db
      .select({ kind: messageOutbox.kind, status: messageOutbox.status, failReason: messageOutbox.failReason })
      .from(messageOutbox)
      .where(eq(messageOutbox.studentId, studentId))
      .orderBy(asc(messageOutbox.id));
  const remind = (studentId: string) =>
    t.app.deps.db.transaction((tx) =>
      queueMessage(tx, {
        kind: 'instalment_due',
        phone: '9822012345',
        studentId,
        values: { studentName: 'Outbox Student', amount: '₹1,000.00', dueDate: '01/12/2026' },
      }),
    );

  it('skips what a held registration would be sent, queues once consent is given, skips what waits after a withdrawal', async () => {
    const studentId = await register('Outbox Student');
    // The registration's receipt message: held, so skipped, with the reason.
    expect(await outboxOf(studentId)).toEqual([
      { kind: 'payment_received', status: 'skipped', failReason: 'No parent consent' },
    ]);
    const paper = await post(`/api/counsellor/consent/${studentId}/paper`, { photo, messages: true });
    expect(paper.statusCode, paper.body).toBe(200);
    await remind(studentId);
    expect((await outboxOf(studentId)).at(-1)).toEqual({ kind: 'instalment_due', status: 'queued', failReason: null });

    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/consent/${studentId}/withdraw`,
      headers: admin,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await outboxOf(studentId)).at(-1)).toEqual({
      kind: 'instalment_due',
      status: 'skipped',
      failReason: 'No parent consent',
    });
    await remind(studentId);
    expect((await outboxOf(studentId)).at(-1)?.status).toBe('skipped');
  });
});

describe('students registered before consent was asked (not recorded)', () => {
  it('keep messages and sign-in until the Act is in force, then wait for consent', async () => {
    const row = await insertTestStudent(t.app.deps.database, { createdBy: counsellor.uuid, examCentreId: 1 });
    await t.app.deps.db
      .update(students)
      .set({ consentState: 'not_recorded' })
      .where(eq(students.studentId, row.studentId));
    const saved = now;
    try {
      // 12 May 2027, 23:59 in India: the day before the Act is in force.
      now = new Date('2027-05-12T18:29:00Z');
      expect(await canMessage(t.app.deps, row.studentId)).toBe(true);
      expect(await canStudentSignIn(t.app.deps, row.studentId)).toBe(true);
      let waiting = (await t.app.inject({ method: 'GET', url: '/api/admin/consent/waiting', headers: admin })).json();
      expect(waiting.students.map((s: { studentId: string }) => s.studentId)).not.toContain(row.studentId);
      // Midnight in India: 13 May 2027.
      now = new Date('2027-05-12T18:30:00Z');
      expect(DPDP_IN_FORCE_ON).toBe('2027-05-13');
      expect(await canMessage(t.app.deps, row.studentId)).toBe(false);
      expect(await canStudentSignIn(t.app.deps, row.studentId)).toBe(false);
      waiting = (
        await t.app.inject({ method: 'GET', url: '/api/admin/consent/waiting', headers: await t.adminAuth() })
      ).json();
      expect(waiting.students.map((s: { studentId: string }) => s.studentId)).toContain(row.studentId);
    } finally {
      now = saved;
    }
  });
});
