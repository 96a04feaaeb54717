import type { VerifyStatus } from '@app/domain/collections.schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz } from './columns';
import { userRef } from './users';

/** Cash a counsellor passes to the company, verified or rejected by an admin (SPEC §3 Collection payment). */
export const settlements = pgTable(
  'settlements',
  {
    id: identityId(),
    counsellorId: userRef('counsellor_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paymentDate: isoDate('payment_date').notNull(),
    remark: text('remark').notNull(),
    /** SHA-256 of the stored proof photo. */
    proofPhoto: text('proof_photo').notNull(),
    verifyStatus: text('verify_status').$type<VerifyStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: userRef('decided_by'),
    decidedAt: timestamptz('decided_at'),
    /** A counsellor withdrew it while it was pending (the row stays, it no longer counts). */
    withdrawnAt: timestamptz('withdrawn_at'),
    /** An admin reversed it after verifying it: the amount is owed again. */
    reversalReason: text('reversal_reason'),
    reversedBy: userRef('reversed_by'),
    reversedAt: timestamptz('reversed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('settlements_amount', sql`${t.amountPaise} > 0`),
    check('settlements_status', sql`${t.verifyStatus} in ('pending', 'verified', 'rejected', 'withdrawn', 'reversed')`),
    check(
      'settlements_reversal',
      sql`(${t.verifyStatus} = 'reversed') = (${t.reversalReason} is not null and ${t.reversedAt} is not null)`,
    ),
    index('settlements_counsellor_idx').on(t.counsellorId, t.createdAt),
  ],
);

/** The accounts counsellors may pay into, in order; admins change them, not code. */
export const settlementAccounts = pgTable('settlement_accounts', {
  position: integer('position').primaryKey(),
  label: text('label').notNull(),
});

export type SettlementRow = typeof settlements.$inferSelect;
