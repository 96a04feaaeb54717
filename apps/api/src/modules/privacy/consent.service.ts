import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { indianToday } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import {
  CONSENT_CODE,
  CONSENT_LINK,
  type ConsentDecision,
  type ConsentMethod,
  type ConsentState,
  canMessageState,
  canSignInState,
  consentLinkPath,
  DPDP_IN_FORCE_ON,
  type MessageLanguage,
  PRIVACY_NOTICE,
} from '@app/domain/privacy.rules';
import {
  type ConsentLinkResponse,
  type ConsentStatusResponse,
  type ConsentWaitingResponse,
  type PrivacyNoticeResponse,
  privacyMessages,
  privacyNoticeResponse,
  type SendConsentCodeResponse,
} from '@app/domain/privacy.schemas';
import { siteUrl } from '@app/domain/site';
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { type StudentRow, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { failureGate } from '../../lib/failure-limits';
import type { Actor } from '../../plugins/auth';
import { type AuditBy, recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX, storedPhotoHash } from '../files/files.service';
import { skipWaitingForStudent } from '../messages/messages.repository';
import { LOOKUP_FAILURES } from '../results/lookup.service';
import { findStudentWithCentre } from '../students/students.repository';
import {
  deleteCode,
  deleteLink,
  findCode,
  findConsentState,
  findLatestNotice,
  findLinkByHash,
  insertConsent,
  insertCurrentNotice,
  listConsents,
  listWaitingStudents,
  setConsentState,
  upsertCode,
  upsertLink,
} from './consent.repository';

/** At start (bootstrap): the notice of this release is stored as its version. */
export const ensurePrivacyNotice = (db: Executor) => insertCurrentNotice(db);

/** GET /api/public/privacyNotice: the newest stored version (this release's until the database has a newer). */
export async function getPrivacyNotice(db: Executor): Promise<PrivacyNoticeResponse> {
  const row = await findLatestNotice(db);
  if (!row) {
    return privacyNoticeResponse.parse({ ...PRIVACY_NOTICE, publishedAt: new Date(0).toISOString() });
  }
  return privacyNoticeResponse.parse({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    ...(row.body as object),
  });
}

/**
 * May the product message this student's family now? The check the messages outbox calls before it
 * queues anything (issue 26): false for a held registration, a refusal of messages and a withdrawal.
 */
export async function canMessage(deps: Pick<Deps, 'db' | 'clock'>, studentId: string): Promise<boolean> {
  const state = await findConsentState(deps.db, studentId);
  return state !== undefined && canMessageState(state, indianToday(deps.clock()));
}

/** May the student sign in to the portal now (issue 28 calls it at sign-in)? False while held or withdrawn. */
export async function canStudentSignIn(deps: Pick<Deps, 'db' | 'clock'>, studentId: string): Promise<boolean> {
  const state = await findConsentState(deps.db, studentId);
  return state !== undefined && canSignInState(state, indianToday(deps.clock()));
}

/** Admins reach every student, counsellors only those they registered; others are told it is not there. */
async function reachableStudent(db: Executor, studentId: string, by: Actor, { lock = false } = {}) {
  const row = await findStudentWithCentre(db, studentId, { lock });
  if (!row || (by.role !== 'admin' && row.student.createdBy !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
  }
  return row.student;
}

const codeHash = (studentId: string, code: string) =>
  createHash('sha256').update(`consent:${studentId}:${code}`).digest('hex');

const phoneEnding = (phone: string) => `••••••${phone.slice(-4)}`;

/** GET /api/counsellor/consent/{studentId}: the state, the pending code and the history. */
export async function getConsentStatus(
  deps: Pick<Deps, 'db' | 'clock'>,
  { studentId, by }: { studentId: string; by: Actor },
): Promise<ConsentStatusResponse> {
  const student = await reachableStudent(deps.db, studentId, by);
  const today = indianToday(deps.clock());
  const [history, code, notice] = [
    await listConsents(deps.db, studentId),
    await findCode(deps.db, studentId),
    await findLatestNotice(deps.db),
  ];
  const isCodeLive = code && code.expiresAt > deps.clock();
  return {
    studentId,
    studentName: student.studentName,
    parentsNoEnding: phoneEnding(student.parentsNo),
    state: student.consentState,
    canMessage: canMessageState(student.consentState, today),
    canSignIn: canSignInState(student.consentState, today),
    noticeVersion: notice?.version ?? PRIVACY_NOTICE.version,
    codeExpiresAt: isCodeLive ? code.expiresAt.toISOString() : null,
    history: history.map((row) => ({
      id: row.id,
      decision: row.decision,
      method: row.method,
      noticeVersion: row.noticeVersion,
      recordedBy: row.recordedByName,
      recordedAt: row.recordedAt.toISOString(),
      evidencePhoto: row.evidencePhoto ? `${PHOTO_URL_PREFIX}${row.evidencePhoto}.jpg` : null,
      note: row.note,
    })),
  };
}

/**
 * Sends a one-time code to the parent's phone (POST …/consent/{studentId}/code). Only its hash is kept,
 * for 10 minutes; a new code replaces the last. At most 3 codes a student an hour (per student, not per
 * address: a branch office shares one). The student's row is locked first (decision 009: the student,
 * nothing before it) so two sends never leave two codes; the sender runs after the commit.
 */
export async function sendConsentCode(
  deps: Pick<Deps, 'db' | 'clock' | 'attempts' | 'consentCodeSender'>,
  { studentId, by, language }: { studentId: string; by: Actor; language: MessageLanguage },
): Promise<SendConsentCodeResponse> {
  await reachableStudent(deps.db, studentId, by);
  const sends = await deps.attempts.hit(`consent-code:${studentId}`, 60 * 60 * 1000);
  if (sends > CONSENT_CODE.sendsPerHour) {
    const wait = await deps.attempts.expiresIn(`consent-code:${studentId}`);
    throw new DomainError('TOO_MANY_REQUESTS', privacyMessages.consentCodeTooManySends, {
      retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
    });
  }
  const code = String(randomInt(0, 10 ** CONSENT_CODE.digits)).padStart(CONSENT_CODE.digits, '0');
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + CONSENT_CODE.validMs);
  const { student, token } = await deps.db.transaction(async (tx) => {
    const locked = await reachableStudent(tx, studentId, by, { lock: true });
    await upsertCode(tx, { studentId, codeHash: codeHash(studentId, code), expiresAt, sentBy: by.uuid, sentAt: now });
    // Through a provider the message also carries the consent page's link (a parent may answer alone).
    const token = deps.consentCodeSender.carriesLink ? await createConsentLink(tx, studentId, now) : undefined;
    await recordConsentAudit(tx, {
      by,
      student: locked,
      action: 'send_code',
      after: { sentTo: phoneEnding(locked.parentsNo) },
    });
    return { student: locked, token };
  });
  const sent = await deps.consentCodeSender.send({
    phone: student.parentsNo,
    code,
    language,
    studentName: student.studentName,
    link: token ? `${siteUrl}${consentLinkPath(token)}` : undefined,
  });
  return { sent: sent.sent, ...(sent.waLink ? { waLink: sent.waLink } : {}), expiresAt: expiresAt.toISOString() };
}

/** Wrong tries of one code, counted in the attempt store (a 400 changes no table), for as long as it lives. */
const wrongTriesKey = (studentId: string, sentAt: Date) => `consent-confirm:${studentId}:${sentAt.getTime()}`;

/**
 * The code the parent read out, typed on the counsellor's screen (POST …/confirm). Five wrong codes end
 * it, as does its expiry. A right one records the consent: one transaction that locks the student, then
 * the code row (decision 009: the student first), so a code is used once however many confirm at once.
 */
export async function confirmConsentCode(
  deps: Pick<Deps, 'db' | 'clock' | 'attempts'>,
  { studentId, by, code, allowMessages }: { studentId: string; by: Actor; code: string; allowMessages: boolean },
): Promise<ConsentState> {
  await reachableStudent(deps.db, studentId, by);
  const pending = await findCode(deps.db, studentId);
  if (!pending) throw new DomainError('BAD_REQUEST', privacyMessages.consentCodeMissing);
  if (pending.expiresAt <= deps.clock()) throw new DomainError('BAD_REQUEST', privacyMessages.consentCodeExpired);
  const triesKey = wrongTriesKey(studentId, pending.sentAt);
  if ((await deps.attempts.count(triesKey)) >= CONSENT_CODE.maxAttempts) {
    throw new DomainError('TOO_MANY_REQUESTS', privacyMessages.consentCodeTooManyTries, { retryAfterSeconds: 60 });
  }
  const given = Buffer.from(codeHash(studentId, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(pending.codeHash, 'hex'))) {
    await deps.attempts.hit(triesKey, CONSENT_CODE.validMs);
    throw new DomainError('BAD_REQUEST', privacyMessages.consentCodeInvalid);
  }
  return deps.db.transaction(async (tx) => {
    const student = await reachableStudent(tx, studentId, by, { lock: true });
    const row = await findCode(tx, studentId, { lock: true });
    // Used (or replaced by a new code) since it was read: this one no longer counts.
    if (!row || row.codeHash !== pending.codeHash)
      throw new DomainError('BAD_REQUEST', privacyMessages.consentCodeMissing);
    await deleteCode(tx, studentId);
    return recordDecision(tx, {
      by,
      student,
      decision: allowMessages ? 'given' : 'messages_refused',
      method: 'code',
    });
  });
}

/** Where no provider sends codes: a photo of the form the parent signed (POST …/paper). */
export async function recordPaperConsent(
  deps: Pick<Deps, 'db' | 'files'>,
  { studentId, by, photo, allowMessages }: { studentId: string; by: Actor; photo: string; allowMessages: boolean },
): Promise<ConsentState> {
  const evidencePhoto = await storedPhotoHash(deps.files, photo);
  return deps.db.transaction(async (tx) => {
    const student = await reachableStudent(tx, studentId, by, { lock: true });
    return recordDecision(tx, {
      by,
      student,
      decision: allowMessages ? 'given' : 'messages_refused',
      method: 'paper',
      evidencePhoto,
    });
  });
}

/**
 * The parent withdraws consent (through the institute): messages stop at once (the outbox asks
 * `canMessage` before each send), the student cannot sign in, a pending code is void.
 */
export async function withdrawConsent(
  deps: Pick<Deps, 'db'>,
  { studentId, by, note }: { studentId: string; by: Actor; note?: string | undefined },
  outer?: Tx,
): Promise<ConsentState> {
  const run = async (tx: Tx) => {
    const student = await reachableStudent(tx, studentId, by, { lock: true });
    if (student.consentState === 'withdrawn')
      throw new DomainError('CONFLICT', privacyMessages.consentAlreadyWithdrawn);
    await deleteCode(tx, studentId);
    return recordDecision(tx, { by, student, decision: 'withdrawn', method: null, note });
  };
  return outer ? run(outer) : deps.db.transaction(run);
}

/** One consent row, the student's state and the audit entry, in the caller's transaction (student locked). */
export async function recordDecision(
  tx: Tx,
  {
    by,
    student,
    decision,
    method,
    evidencePhoto,
    note,
  }: {
    by: AuditBy;
    student: StudentRow;
    decision: ConsentDecision;
    method: ConsentMethod | null;
    evidencePhoto?: string;
    note?: string | undefined;
  },
): Promise<ConsentState> {
  const notice = await findLatestNotice(tx);
  const noticeVersion = notice?.version ?? PRIVACY_NOTICE.version;
  if (!notice) await insertCurrentNotice(tx);
  const [recorder] = by.uuid
    ? await tx.select({ name: users.name }).from(users).where(eq(users.uuid, by.uuid)).limit(1)
    : [];
  await insertConsent(tx, {
    studentId: student.studentId,
    decision,
    method,
    noticeVersion,
    evidencePhoto: evidencePhoto ?? null,
    note: note ?? null,
    recordedBy: by.uuid,
    recordedByName: recorder?.name ?? by.name,
  });
  await setConsentState(tx, student.studentId, decision);
  // The consent page's link is used once: whichever way the parent answered, it is spent.
  await deleteLink(tx, student.studentId);
  // Messages stop at once: what waits in the outbox for this student is skipped (issue 26's worker).
  if (decision !== 'given') await skipWaitingForStudent(tx, student.studentId);
  await recordConsentAudit(tx, {
    by,
    student,
    action: decision === 'withdrawn' ? 'withdraw' : 'create',
    before: { consentState: student.consentState },
    after: {
      consentState: decision,
      ...(method ? { consentMethod: method } : {}),
      noticeVersion,
      ...(evidencePhoto ? { evidencePhoto } : {}),
      ...(note ? { note } : {}),
    },
  });
  return decision;
}

const recordConsentAudit = (
  tx: Tx,
  {
    by,
    student,
    action,
    before,
    after,
  }: {
    by: AuditBy;
    student: StudentRow;
    action: 'create' | 'withdraw' | 'send_code';
    before?: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) =>
  recordAudit(tx, {
    by,
    entity: 'consent',
    entityId: student.studentId,
    studentId: student.studentId,
    entityName: student.studentName,
    action,
    before,
    after,
  });

/** GET /api/admin/consent/waiting: who is held for a parent's consent, oldest first. */
export async function listWaitingForConsent(
  deps: Pick<Deps, 'db' | 'clock'>,
  { limit = 200 }: { limit?: number } = {},
): Promise<ConsentWaitingResponse> {
  const includeNotRecorded = indianToday(deps.clock()) >= DPDP_IN_FORCE_ON;
  const { rows, total } = await listWaitingStudents(deps.db, { includeNotRecorded, limit });
  return {
    total,
    students: rows.map((row) => ({
      studentId: row.studentId,
      studentName: row.studentName,
      counsellor: row.counsellor,
      registeredAt: row.createdAt.toISOString(),
      state: row.state,
    })),
  };
}

// The consent page a parent opens from the code's message (/consent/<token>) ---------------------------

const linkHash = (token: string) => createHash('sha256').update(`consent-link:${token}`).digest('hex');

/**
 * A new link to the consent page for the student (replacing the last), in the caller's transaction with
 * the student locked; answers the token, which only the message holds (the table keeps its hash).
 */
export async function createConsentLink(tx: Tx, studentId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await upsertLink(tx, {
    studentId,
    tokenHash: linkHash(token),
    expiresAt: new Date(now.getTime() + CONSENT_LINK.validMs),
    createdAt: now,
  });
  return token;
}

/** Unknown tokens are counted like failed public lookups (per address), so nobody walks the links. */
export const CONSENT_LINK_FAILURES = { ...LOOKUP_FAILURES, name: 'consent-link' };

/** Who answers on the page: the parent, known by the link alone. */
const parentOnLink: AuditBy = { uuid: null, name: 'Parent (consent link)', role: 'parent' };

/**
 * The link's student, if the token is live; else a 404 that says the same for an unknown, used or
 * expired link (nothing to tell them apart). Refused past the failure limits of the public lookups.
 */
async function liveLink(
  deps: Pick<Deps, 'db' | 'clock' | 'attempts'>,
  db: Executor,
  { token, ip, lock = false }: { token: string; ip: string; lock?: boolean },
) {
  const gate = await failureGate(deps.attempts, CONSENT_LINK_FAILURES, { subject: token, ip });
  if (gate.refused) {
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyLookups, { retryAfterSeconds: gate.retryAfterSeconds });
  }
  const link = await findLinkByHash(db, linkHash(token), { lock });
  if (!link || link.expiresAt <= deps.clock()) {
    await gate.fail();
    throw new DomainError('NOT_FOUND', privacyMessages.consentLinkInvalid);
  }
  return link;
}

/** GET /api/public/consentLink/{token}: whose consent the page asks for, under which notice version. */
export async function getConsentLink(
  deps: Pick<Deps, 'db' | 'clock' | 'attempts'>,
  { token, ip }: { token: string; ip: string },
): Promise<ConsentLinkResponse> {
  const link = await liveLink(deps, deps.db, { token, ip });
  const row = await findStudentWithCentre(deps.db, link.studentId);
  const notice = await findLatestNotice(deps.db);
  if (!row) throw new DomainError('NOT_FOUND', privacyMessages.consentLinkInvalid);
  return {
    studentName: row.student.studentName,
    noticeVersion: notice?.version ?? PRIVACY_NOTICE.version,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * POST /api/public/consentLink/{token}: the parent's answer on the page, recorded with method 'link' and
 * the notice version the page showed (a page older than the notice in force is refused: read it again).
 * One transaction: the student locked, then the link (decision 009), so the link counts once however
 * many answers arrive together.
 */
export async function answerConsentLink(
  deps: Pick<Deps, 'db' | 'clock' | 'attempts'>,
  {
    token,
    ip,
    allowMessages,
    noticeVersion,
  }: { token: string; ip: string; allowMessages: boolean; noticeVersion: number },
): Promise<ConsentState> {
  const link = await liveLink(deps, deps.db, { token, ip });
  const notice = await findLatestNotice(deps.db);
  if ((notice?.version ?? PRIVACY_NOTICE.version) !== noticeVersion) {
    throw new DomainError('CONFLICT', privacyMessages.consentLinkNoticeChanged);
  }
  return deps.db.transaction(async (tx) => {
    const row = await findStudentWithCentre(tx, link.studentId, { lock: true });
    const again = await findLinkByHash(tx, linkHash(token), { lock: true });
    if (!row || !again || again.studentId !== link.studentId || again.expiresAt <= deps.clock()) {
      throw new DomainError('NOT_FOUND', privacyMessages.consentLinkInvalid);
    }
    // The code sent with the link is spent too: one answer per message.
    await deleteCode(tx, link.studentId);
    return recordDecision(tx, {
      by: parentOnLink,
      student: row.student,
      decision: allowMessages ? 'given' : 'messages_refused',
      method: 'link',
    });
  });
}
