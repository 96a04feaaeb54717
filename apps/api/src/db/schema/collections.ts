import type { VerifyStatus } from '@app/domain/collections.schemas';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Cash a counsellor passes to the company, verified or rejected by an admin (SPEC §3 Collection payment). */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => users.uuid),
    amountPaise: integer('amount_paise').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull(),
    /** SHA-256 of the stored proof photo. */
    proofPhoto: text('proof_photo').notNull(),
    verifyStatus: text('verify_status').$type<VerifyStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.uuid),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A counsellor withdrew it while it was pending (the row stays, it no longer counts). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** An admin reversed it after verifying it: the amount is owed again. */
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.uuid),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
