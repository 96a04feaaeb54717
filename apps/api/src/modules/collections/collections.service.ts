import {
  type CollectionPayment,
  type CollectionSummary,
  type CollectionTransaction,
  defaultSettlementAccounts,
  type editSettlementRequest,
  OTHER_ACCOUNT,
  OTHER_PREFIX,
  owedPaise,
  type settleRequest,
} from '@app/domain/collections.schemas';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import type { SettlementRow, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX, storedPhotoHash } from '../files/files.service';
import { findCounsellor } from '../users/users.repository';
import {
  decideSettlement,
  findSettlement,
  insertSettlement,
  ledgerTotals,
  listAccounts,
  listAllSettlements,
  listSettlements,
  lockCounsellor,
  lockSettlement,
  replaceAccounts,
  updateSettlement,
} from './collections.repository';

/** A counsellor sees only their own ledger (another's answers like an unknown one); an admin anyone's. */
async function counsellorFor(db: Db, { counsellorId, by }: { counsellorId: string; by: Actor }): Promise<UserRow> {
  const counsellor =
    by.role === 'admin' || counsellorId === by.uuid ? await findCounsellor(db, counsellorId) : undefined;
  if (!counsellor) throw new DomainError('NOT_FOUND', messages.counsellorNotFound);
  return counsellor;
}

async function ledger(db: Executor, counsellor: UserRow) {
  const totals = await ledgerTotals(db, counsellor.uuid);
  const owed = owedPaise(totals.collectedPaise, counsellor.commissionBp);
  return { ...totals, owedPaise: owed, balancePaise: owed - totals.verifiedPaise };
}

/**
 * What the counsellor still holds of the company's money; below 0 once a receipt they had settled is
 * cancelled (the company then owes them), which the cancellation says (docs/decisions/016-receipt-corrections.md).
 */
export async function counsellorBalancePaise(db: Executor, counsellor: UserRow): Promise<number> {
  return (await ledger(db, counsellor)).balancePaise;
}

/**
 * The cash ledger: fees collected, less commission, is what the counsellor owes; verified settlements
 * reduce it; pending ones are shown, and rejected ones do not count.
 */
export async function getCollection(db: Db, request: { counsellorId: string; by: Actor }): Promise<CollectionSummary> {
  const counsellor = await counsellorFor(db, request);
  const figures = await ledger(db, counsellor);
  return {
    counsellorId: counsellor.uuid,
    counsellorName: counsellor.name,
    totalAmount: toRupees(figures.collectedPaise),
    commissionRate: counsellor.commissionBp / 100,
    actualAmount: toRupees(figures.owedPaise),
    collectedAmount: toRupees(figures.verifiedPaise),
    pendingAmount: toRupees(figures.pendingPaise),
    balance: toRupees(figures.balancePaise),
    lastCollectedDate: figures.lastVerifiedDate,
  };
}

const toCollectionPayment = (row: SettlementRow): CollectionPayment => ({
  id: row.id,
  paymentDate: row.paymentDate,
  amountPaid: toRupees(row.amountPaise),
  remark: row.remark,
  proofUrl: `${PHOTO_URL_PREFIX}${row.proofPhoto}.jpg`,
  verifyStatus: row.verifyStatus,
  rejectionReason: row.rejectionReason,
  reversalReason: row.reversalReason,
  createdAt: row.createdAt.toISOString(),
});

export async function getCollectionPayments(
  db: Db,
  request: { counsellorId: string; by: Actor },
): Promise<CollectionPayment[]> {
  const counsellor = await counsellorFor(db, request);
  return (await listSettlements(db, counsellor.uuid)).map(toCollectionPayment);
}

/** Every counsellor's settlements, newest first (the existing client's admin list). */
export async function getAllTransactions(db: Db): Promise<CollectionTransaction[]> {
  return (await listAllSettlements(db)).map(({ settlement, counsellorName }) => ({
    ...toCollectionPayment(settlement),
    counsellorId: settlement.counsellorId,
    counsellorName,
  }));
}

export async function getAccounts(db: Db): Promise<string[]> {
  const configured = await listAccounts(db);
  return configured.length > 0 ? configured : defaultSettlementAccounts;
}

export async function setAccounts(db: Db, { accounts, by }: { accounts: string[]; by: Actor }): Promise<string[]> {
  await db.transaction(async (tx) => {
    const before = await listAccounts(tx);
    await replaceAccounts(tx, accounts);
    await recordAudit(tx, {
      by,
      entity: 'settlement_accounts',
      entityId: 'accounts',
      action: 'update',
      before: { accounts: before },
      after: { accounts },
    });
  });
  return accounts;
}

/** Any remark names where the money went (the configured accounts are our form's suggestions), but 'Other' must say which account. */
function checkRemark(remark: string): void {
  const isEmptyOther = remark.startsWith(OTHER_PREFIX) && !remark.slice(OTHER_PREFIX.length).trim();
  if (remark === OTHER_ACCOUNT || isEmptyOther) {
    throw new DomainError('BAD_REQUEST', messages.settlementOtherRequired);
  }
}

/**
 * A counsellor passes cash to the company. With the counsellor's row locked, the amount may not pass
 * what remains owed after the settlements already waiting for verification.
 */
export async function settle(
  deps: Pick<Deps, 'db' | 'files'>,
  { input, by }: { input: z.output<typeof settleRequest>; by: Actor },
): Promise<void> {
  checkRemark(input.remark);
  const proofPhoto = await storedPhotoHash(deps.files, input.proofUrl);
  const amountPaise = toPaise(input.amountPaid);

  await deps.db.transaction(async (tx) => {
    const counsellor = await lockCounsellor(tx, by.uuid);
    if (!counsellor) throw new DomainError('NOT_FOUND', messages.counsellorNotFound);
    const figures = await ledger(tx, counsellor);
    if (amountPaise > figures.balancePaise - figures.pendingPaise) {
      throw new DomainError('BAD_REQUEST', messages.settlementAboveBalance);
    }
    const row = await insertSettlement(tx, {
      counsellorId: by.uuid,
      amountPaise,
      paymentDate: input.paymentDate,
      remark: input.remark,
      proofPhoto,
    });
    await recordAudit(tx, { by, entity: 'settlement', entityId: row.id, action: 'create', after: row });
  });
}

/** An admin verifies or rejects a pending settlement, once. */
export async function decide(
  db: Db,
  { id, status, reason, by }: { id: number; status: 'verified' | 'rejected'; reason?: string | undefined; by: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSettlement(tx, id);
    if (!row) throw new DomainError('NOT_FOUND', messages.settlementNotFound);
    if (row.verifyStatus !== 'pending') throw new DomainError('CONFLICT', messages.settlementAlreadyDecided);
    const decision = { verifyStatus: status, rejectionReason: status === 'rejected' ? (reason ?? null) : null };
    await decideSettlement(tx, id, { ...decision, decidedBy: by.uuid });
    await recordAudit(tx, {
      by,
      entity: 'settlement',
      entityId: id,
      action: status === 'verified' ? 'verify' : 'reject',
      before: row,
      after: { ...row, ...decision },
    });
  });
}

/**
 * Locks, in decision 009's order (step 1), the settlement's counsellor and then the settlement, and
 * answers both. A counsellor acts only on their own settlements (another's answers like an unknown one).
 */
async function lockOwnSettlement(tx: Executor, { id, by }: { id: number; by: Actor }) {
  const seen = await findSettlement(tx, id);
  if (!seen || (by.role !== 'admin' && seen.counsellorId !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.settlementNotFound);
  }
  const counsellor = await lockCounsellor(tx, seen.counsellorId);
  const row = await lockSettlement(tx, id);
  if (!counsellor || !row) throw new DomainError('NOT_FOUND', messages.settlementNotFound);
  return { counsellor, row };
}

/**
 * The counsellor corrects a settlement an admin has not decided yet. The new amount, like a new
 * settlement's, may not pass what remains owed after the other pending settlements.
 */
export async function editSettlement(
  deps: Pick<Deps, 'db' | 'files'>,
  { id, input, by }: { id: number; input: z.output<typeof editSettlementRequest>; by: Actor },
): Promise<void> {
  checkRemark(input.remark);
  const proofPhoto = await storedPhotoHash(deps.files, input.proofUrl);
  const amountPaise = toPaise(input.amountPaid);
  await deps.db.transaction(async (tx) => {
    const { counsellor, row } = await lockOwnSettlement(tx, { id, by });
    if (row.verifyStatus !== 'pending') throw new DomainError('CONFLICT', messages.settlementNotPending);
    const figures = await ledger(tx, counsellor);
    if (amountPaise > figures.balancePaise - (figures.pendingPaise - row.amountPaise)) {
      throw new DomainError('BAD_REQUEST', messages.settlementAboveBalance);
    }
    const after = await updateSettlement(tx, id, {
      amountPaise,
      paymentDate: input.paymentDate,
      remark: input.remark,
      proofPhoto,
    });
    await recordAudit(tx, { by, entity: 'settlement', entityId: id, action: 'update', before: row, after });
  });
}

/** The counsellor takes back a settlement an admin has not decided yet; the row stays, marked Withdrawn. */
export async function withdrawSettlement(db: Db, { id, by }: { id: number; by: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await lockOwnSettlement(tx, { id, by });
    if (row.verifyStatus !== 'pending') throw new DomainError('CONFLICT', messages.settlementNotPending);
    const after = await updateSettlement(tx, id, { verifyStatus: 'withdrawn', withdrawnAt: new Date() });
    await recordAudit(tx, { by, entity: 'settlement', entityId: id, action: 'withdraw', before: row, after });
  });
}

/**
 * An admin reverses a verified settlement (the money did not reach the account, a wrong entry): the row
 * stays, marked Reversed with the reason, and its amount is in the counsellor's cash in hand again.
 */
export async function reverseSettlement(
  db: Db,
  { id, reason, by }: { id: number; reason: string; by: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await lockOwnSettlement(tx, { id, by });
    if (row.verifyStatus !== 'verified') throw new DomainError('CONFLICT', messages.settlementNotVerified);
    const after = await updateSettlement(tx, id, {
      verifyStatus: 'reversed',
      reversalReason: reason,
      reversedBy: by.uuid,
      reversedAt: new Date(),
    });
    await recordAudit(tx, { by, entity: 'settlement', entityId: id, action: 'reverse', before: row, after });
  });
}
