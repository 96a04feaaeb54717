import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isoDate, timestamptz } from './columns';
import { studentRef } from './students';
import { userRef } from './users';

/**
 * A counsellor's stock of one book, pamphlet or receipt book (SPEC §3 Book stock item). Created by the
 * first challan that sends it; for every row, copies sent by challan = new_stock + total_count +
 * distributed_count (the rules in @app/domain/books.rules).
 */
export const bookStock = pgTable(
  'book_stock',
  {
    id: identityId(),
    counsellorId: userRef('counsellor_id').notNull(),
    /** '10th', '11th', '12th', 'pamphlet' or 'receiptBook'. */
    standard: text('standard').notNull(),
    bookName: text('book_name').notNull(),
    /** Sent by challan, not yet marked received. */
    newStock: integer('new_stock').notNull().default(0),
    /** In hand (SPEC: the remaining count). */
    totalCount: integer('total_count').notNull().default(0),
    distributedCount: integer('distributed_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('book_stock_counsellor_book_idx').on(t.counsellorId, t.standard, t.bookName),
    check('book_stock_counts', sql`${t.newStock} >= 0 and ${t.totalCount} >= 0 and ${t.distributedCount} >= 0`),
  ],
);

/** A delivery note: books sent to one counsellor on one date (SPEC §3 Challan). */
export const challans = pgTable(
  'challans',
  {
    id: identityId(),
    /** Gap-free from 1, shown as 4 digits. */
    chalanNo: integer('chalan_no').notNull().unique(),
    chalanDate: isoDate('chalan_date').notNull(),
    counsellorId: userRef('counsellor_id').notNull(),
    createdBy: userRef('created_by').notNull(),
    createdAt: createdAt(),
    /**
     * The challan's figures, written with its items (a challan never changes), so the list's tiles
     * add up challans, not items: lines, copies of books, copies of pamphlets, receipt books.
     */
    itemCount: integer('item_count').notNull(),
    booksSent: integer('books_sent').notNull(),
    pamphletsSent: integer('pamphlets_sent').notNull(),
    receiptBookCount: integer('receipt_book_count').notNull(),
    /**
     * The counsellor confirmed receipt with the receiver's signed copy (SHA-256 of the stored photo);
     * null until then (and for challans received book by book through the existing client).
     */
    receivedAt: timestamptz('received_at'),
    receivedBy: userRef('received_by'),
    signedCopyPhoto: text('signed_copy_photo'),
  },
  (t) => [
    index('challans_date_idx').on(t.chalanDate, t.chalanNo),
    index('challans_counsellor_idx').on(t.counsellorId, t.chalanDate),
    check('challans_receipt', sql`(${t.receivedAt} is null) = (${t.signedCopyPhoto} is null)`),
  ],
);

export const challanItems = pgTable(
  'challan_items',
  {
    id: identityId(),
    challanId: integer('challan_id')
      .notNull()
      .references(() => challans.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => bookStock.id),
    countSent: integer('count_sent').notNull(),
  },
  (t) => [
    check('challan_items_count', sql`${t.countSent} > 0`),
    index('challan_items_challan_idx').on(t.challanId),
    index('challan_items_book_idx').on(t.bookId),
  ],
);

/** A book set handed to a student (SPEC §4 Book set status: no row means not_given). */
export const bookSetsGiven = pgTable(
  'book_sets_given',
  {
    studentId: studentRef('student_id').notNull(),
    /** '10th', '11th' or '12th'. */
    bookSet: text('book_set').notNull(),
    givenBy: userRef('given_by').notNull(),
    givenAt: timestamptz('given_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.bookSet] })],
);

export type BookStockRow = typeof bookStock.$inferSelect;
export type ChallanRow = typeof challans.$inferSelect;
