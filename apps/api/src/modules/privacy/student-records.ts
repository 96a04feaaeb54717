import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hallTicketAllowances, marks, messageOutbox } from '../../db/schema';

/** A student's marks, removed by an erasure (a mock exam's marks are kept by no law). */
export async function deleteMarksOf(db: Executor, studentId: string): Promise<number> {
  const rows = await db.delete(marks).where(eq(marks.studentId, studentId)).returning({ code: marks.subjectCode });
  return rows.length;
}

export async function deleteHallTicketAllowance(db: Executor, studentId: string): Promise<void> {
  await db.delete(hallTicketAllowances).where(eq(hallTicketAllowances.studentId, studentId));
}

/** The messages sent or prepared for a student's parent (issue 26), oldest first: part of the data copy. */
export async function messagesOf(db: Executor, studentId: string) {
  return db
    .select({
      kind: messageOutbox.kind,
      phone: messageOutbox.phone,
      channel: messageOutbox.channel,
      language: messageOutbox.language,
      body: messageOutbox.body,
      status: messageOutbox.status,
      createdAt: messageOutbox.createdAt,
      sentAt: messageOutbox.sentAt,
      deliveredAt: messageOutbox.deliveredAt,
    })
    .from(messageOutbox)
    .where(eq(messageOutbox.studentId, studentId))
    .orderBy(asc(messageOutbox.id));
}

/**
 * An erasure keeps that messages were sent (their kind, status and times) but not to whom or what they
 * said; anything still waiting is skipped.
 */
export async function eraseMessagesOf(db: Executor, studentId: string): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({
      phone: 'erased',
      body: '(erased)',
      params: [],
      status: sql`case when ${messageOutbox.status} in ('queued', 'sending') then 'skipped' else ${messageOutbox.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(messageOutbox.studentId, studentId))
    .returning({ id: messageOutbox.id });
  return rows.length;
}
