import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consentCodes, consentLinks, consents, privacyNotices, students } from '../../db/schema';

/** Stores the notice of this release as its version, once (a new wording is a new version). */
export async function insertCurrentNotice(db: Executor) {
  await db
    .insert(privacyNotices)
    .values({ version: PRIVACY_NOTICE.version, body: { en: PRIVACY_NOTICE.en, mr: PRIVACY_NOTICE.mr } })
    .onConflictDoNothing();
}

export async function findLatestNotice(db: Executor) {
  const [row] = await db.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
  return row;
}

export async function findConsentState(db: Executor, studentId: string) {
  const [row] = await db
    .select({ state: students.consentState })
    .from(students)
    .where(eq(students.studentId, studentId))
    .limit(1);
  return row?.state;
}

export function listConsents(db: Executor, studentId: string) {
  return db.select().from(consents).where(eq(consents.studentId, studentId)).orderBy(asc(consents.id));
}

export async function insertConsent(db: Executor, row: typeof consents.$inferInsert) {
  const [created] = await db.insert(consents).values(row).returning();
  if (!created) throw new Error('consent insert returned no row');
  return created;
}

export async function findCode(db: Executor, studentId: string, { lock = false } = {}) {
  const query = db.select().from(consentCodes).where(eq(consentCodes.studentId, studentId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function upsertCode(db: Executor, row: typeof consentCodes.$inferInsert) {
  await db
    .insert(consentCodes)
    .values(row)
    .onConflictDoUpdate({
      target: consentCodes.studentId,
      set: { codeHash: row.codeHash, expiresAt: row.expiresAt, sentBy: row.sentBy, sentAt: row.sentAt },
    });
}

export async function deleteCode(db: Executor, studentId: string) {
  await db.delete(consentCodes).where(eq(consentCodes.studentId, studentId));
}

export async function setConsentState(
  db: Executor,
  studentId: string,
  state: (typeof students.$inferSelect)['consentState'],
) {
  await db
    .update(students)
    .set({ consentState: state, updatedAt: sql`now()` })
    .where(eq(students.studentId, studentId));
}

/** Held registrations, and (once the Act is in force) those registered before consent was asked. */
const waitingCondition = (includeNotRecorded: boolean) =>
  inArray(students.consentState, includeNotRecorded ? ['held', 'not_recorded'] : ['held']);

export async function listWaitingStudents(
  db: Executor,
  { includeNotRecorded, limit }: { includeNotRecorded: boolean; limit: number },
) {
  const where = and(waitingCondition(includeNotRecorded), eq(students.status, 'active'));
  const rows = await db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      counsellor: students.counsellor,
      createdAt: students.createdAt,
      state: students.consentState,
    })
    .from(students)
    .where(where)
    .orderBy(asc(students.createdAt), asc(students.studentId))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(students).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The consent page's link for a student: a new one replaces the last. */
export async function upsertLink(db: Executor, row: typeof consentLinks.$inferInsert) {
  await db
    .insert(consentLinks)
    .values(row)
    .onConflictDoUpdate({
      target: consentLinks.studentId,
      set: { tokenHash: row.tokenHash, expiresAt: row.expiresAt, createdAt: row.createdAt },
    });
}

export async function findLinkByHash(db: Executor, tokenHash: string, { lock = false } = {}) {
  const query = db.select().from(consentLinks).where(eq(consentLinks.tokenHash, tokenHash)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function deleteLink(db: Executor, studentId: string) {
  await db.delete(consentLinks).where(eq(consentLinks.studentId, studentId));
}
