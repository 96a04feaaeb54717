import type { Standard } from './standards.rules';

/**
 * Books, pamphlets and receipt books a counsellor holds, and the book sets students receive
 * (SPEC §2 Book Management, Counsellor Book Management; §3 Book stock item, Challan, Book catalogue; §4 Book set status).
 */

/** The standards a book belongs to (SPEC §9 Books standards list). */
export const bookStandards = ['10th', '11th', '12th'] as const;
export type BookStandard = (typeof bookStandards)[number];

/** Challan items that are not ordinary books (SPEC §3 Challan item). */
export const PAMPHLET = 'pamphlet' as const;
export const RECEIPT_BOOK = 'receiptBook' as const;
export const itemStandards = [...bookStandards, PAMPHLET, RECEIPT_BOOK] as const;
export type ItemStandard = (typeof itemStandards)[number];

/** SPEC §3 Book catalogue on the form: 10th: English, Math, Science. 11th and 12th: Physics, Chemistry, Math, Biology. */
export const bookCatalogue: Record<BookStandard, readonly string[]> = {
  '10th': ['English', 'Math', 'Science'],
  '11th': ['Physics', 'Chemistry', 'Math', 'Biology'],
  '12th': ['Physics', 'Chemistry', 'Math', 'Biology'],
};

export function isBookStandard(value: string): value is BookStandard {
  return (bookStandards as readonly string[]).includes(value);
}

export type ItemKind = 'book' | 'pamphlet' | 'receiptBook';

/** 'pamphlet' marks a pamphlet, 'receiptBook' a receipt book, any other standard an ordinary book. */
export function itemKindOf(standard: string): ItemKind {
  if (standard === PAMPHLET) return 'pamphlet';
  if (standard === RECEIPT_BOOK) return 'receiptBook';
  return 'book';
}

/**
 * The book sets a student receives, by the standard they enrolled for: 10th → the 10th set;
 * 12th → the 12th set; 11th+12th → an 11th set and a 12th set; 9th+10th → the 10th set.
 */
const setsByStandard: Record<Standard, readonly BookStandard[]> = {
  '9th+10th': ['10th'],
  '10th': ['10th'],
  '11th+12th': ['11th', '12th'],
  '12th': ['12th'],
};

export function bookSetsOf(standard: Standard): readonly BookStandard[] {
  return setsByStandard[standard];
}

/** The books one set consists of: one copy of each catalogue book of its standard. */
export function booksOfSet(set: BookStandard): readonly string[] {
  return bookCatalogue[set];
}

/** SPEC §4: the only status shown is not_given; Mark Given moves a set to given. */
export const bookSetStatuses = ['not_given', 'given'] as const;
export type BookSetStatus = (typeof bookSetStatuses)[number];

/**
 * A counsellor's stock of one book: `newStock` sent by challan and not yet confirmed (pending),
 * `totalCount` in hand (SPEC calls it the remaining count), `distributedCount` handed to students.
 */
export type Stock = { newStock: number; totalCount: number; distributedCount: number };

export const emptyStock: Stock = { newStock: 0, totalCount: 0, distributedCount: 0 };

/** A challan adds to the pending stock. */
export function addSent(stock: Stock, count: number): Stock {
  if (!Number.isInteger(count) || count <= 0) throw new RangeError('A challan sends a whole number above 0');
  return { ...stock, newStock: stock.newStock + count };
}

/** Mark Received: everything pending is now in hand. */
export function receive(stock: Stock): Stock {
  return { newStock: 0, totalCount: stock.totalCount + stock.newStock, distributedCount: stock.distributedCount };
}

/**
 * A challan confirmed as received moves its copies of a book from pending to in hand, no more than are
 * still pending (some may have been received book by book already).
 */
export function receiveFromChallan(stock: Stock, countSent: number): Stock {
  const moved = Math.min(stock.newStock, countSent);
  return { ...stock, newStock: stock.newStock - moved, totalCount: stock.totalCount + moved };
}

/** Mark Given takes one copy from the stock in hand; `undefined` when none is in hand. */
export function giveOne(stock: Stock): Stock | undefined {
  if (stock.totalCount < 1) return undefined;
  return { ...stock, totalCount: stock.totalCount - 1, distributedCount: stock.distributedCount + 1 };
}

/** The invariant: every copy ever sent is pending, in hand or distributed. */
export function accountsFor(stock: Stock, sent: number): boolean {
  return (
    stock.newStock >= 0 &&
    stock.totalCount >= 0 &&
    stock.distributedCount >= 0 &&
    stock.newStock + stock.totalCount + stock.distributedCount === sent
  );
}

/** SPEC §3: displayed total = totalCount + distributedCount. */
export function displayedTotal(stock: Stock): number {
  return stock.totalCount + stock.distributedCount;
}

/** SPEC §9: the challan number is 4 digits ('0042'). */
export function formatChallanNo(value: number): string {
  return String(value).padStart(4, '0');
}

/** A pamphlet's book name is the day's date as DD/MM/YYYY (SPEC §3 Challan payload). */
export function pamphletName(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Whole days between two Indian calendar dates ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** SPEC §8 Books: Mark Given fails naming the book that is missing. */
export function notEnoughInHand(bookSet: BookStandard, bookName: string): string {
  return `Not enough ${bookSet} ${bookName} books in hand to give this set`;
}
