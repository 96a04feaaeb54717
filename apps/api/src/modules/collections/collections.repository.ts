import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, settlementAccounts, settlements, users } from '../../db/schema';

/**
 * The counsellor's row, locked until the transaction ends: one settlement at a time per counsellor. FOR NO
 * KEY UPDATE, so the counsellor's registrations and payments (rows that reference the user) do not wait
 * for it (docs/decisions/009-lock-order.md).
 */
export async function lockCounsellor(db: Executor, uuid: string) {
  const [row] = await db.select().from(users).where(eq(users.uuid, uuid)).for('no key update');
  return row;
}

/** Fees a counsellor has taken (a cancelled receipt is not), and their settlements by state, in paise. */
export async function ledgerTotals(db: Executor, counsellorId: string) {
  const [collected] = await db
    .select({ paise: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(and(eq(payments.createdBy, counsellorId), isNull(payments.cancelledAt)));
  const [settled] = await db
    .select({
      verified: sql<string>`coalesce(sum(${settlements.amountPaise}) filter (where ${settlements.verifyStatus} = 'verified'), 0)`,
      pending: sql<string>`coalesce(sum(${settlements.amountPaise}) filter (where ${settlements.verifyStatus} = 'pending'), 0)`,
      lastVerified: sql<
        string | null
      >`max(${settlements.paymentDate}) filter (where ${settlements.verifyStatus} = 'verified')`,
    })
    .from(settlements)
    .where(eq(settlements.counsellorId, counsellorId));
  return {
    collectedPaise: Number(collected?.paise ?? 0),
    verifiedPaise: Number(settled?.verified ?? 0),
    pendingPaise: Number(settled?.pending ?? 0),
    lastVerifiedDate: settled?.lastVerified ?? null,
  };
}

export async function insertSettlement(db: Executor, values: typeof settlements.$inferInsert) {
  const [row] = await db.insert(settlements).values(values).returning();
  if (!row) throw new Error('insert settlements returned nothing');
  return row;
}

export async function listSettlements(db: Executor, counsellorId: string) {
  return db
    .select()
    .from(settlements)
    .where(eq(settlements.counsellorId, counsellorId))
    .orderBy(desc(settlements.createdAt), desc(settlements.id));
}

/** Every counsellor's settlements with the counsellor's name, newest first. */
export async function listAllSettlements(db: Executor) {
  return db
    .select({ settlement: settlements, counsellorName: users.name })
    .from(settlements)
    .innerJoin(users, eq(users.uuid, settlements.counsellorId))
    .orderBy(desc(settlements.createdAt), desc(settlements.id));
}

/**
 * The settlement being decided or corrected, FOR UPDATE (nothing references a settlement). Taken after
 * its counsellor's row where both are locked (docs/decisions/009-lock-order.md, step 1).
 */
export async function lockSettlement(db: Executor, id: number) {
  const [row] = await db.select().from(settlements).where(eq(settlements.id, id)).for('update');
  return row;
}

export async function decideSettlement(
  db: Executor,
  id: number,
  values: { verifyStatus: 'verified' | 'rejected'; rejectionReason: string | null; decidedBy: string },
) {
  await db
    .update(settlements)
    .set({ ...values, decidedAt: new Date() })
    .where(eq(settlements.id, id));
}

export async function listAccounts(db: Executor): Promise<string[]> {
  const rows = await db.select().from(settlementAccounts).orderBy(asc(settlementAccounts.position));
  return rows.map((row) => row.label);
}

export async function replaceAccounts(db: Executor, labels: string[]) {
  await db.delete(settlementAccounts);
  await db.insert(settlementAccounts).values(labels.map((label, position) => ({ position, label })));
}

/** A settlement, unlocked: to learn whose it is before locking in order. */
export async function findSettlement(db: Executor, id: number) {
  const [row] = await db.select().from(settlements).where(eq(settlements.id, id));
  return row;
}

export async function updateSettlement(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      typeof settlements.$inferInsert,
      | 'amountPaise'
      | 'paymentDate'
      | 'remark'
      | 'proofPhoto'
      | 'verifyStatus'
      | 'withdrawnAt'
      | 'reversalReason'
      | 'reversedBy'
      | 'reversedAt'
    >
  >,
) {
  const [row] = await db.update(settlements).set(values).where(eq(settlements.id, id)).returning();
  if (!row) throw new Error('update settlements returned nothing');
  return row;
}
