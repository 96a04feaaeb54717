import { describe, expect, it } from 'vitest';
import {
  accountsFor,
  addSent,
  bookCatalogue,
  bookSetsOf,
  booksOfSet,
  daysBetween,
  displayedTotal,
  emptyStock,
  formatChallanNo,
  giveOne,
  itemKindOf,
  pamphletName,
  receive,
  receiveFromChallan,
} from './books.rules';

describe('book catalogue and sets', () => {
  it('has the SPEC §3 catalogue', () => {
    expect(bookCatalogue['10th']).toEqual(['English', 'Math', 'Science']);
    expect(bookCatalogue['11th']).toEqual(['Physics', 'Chemistry', 'Math', 'Biology']);
    expect(bookCatalogue['12th']).toEqual(['Physics', 'Chemistry', 'Math', 'Biology']);
  });

  it('gives each standard its sets', () => {
    expect(bookSetsOf('10th')).toEqual(['10th']);
    expect(bookSetsOf('12th')).toEqual(['12th']);
    expect(bookSetsOf('11th+12th')).toEqual(['11th', '12th']);
    expect(bookSetsOf('9th+10th')).toEqual(['10th']);
    expect(booksOfSet('11th')).toEqual(['Physics', 'Chemistry', 'Math', 'Biology']);
  });

  it('tells pamphlets and receipt books from books', () => {
    expect(itemKindOf('pamphlet')).toBe('pamphlet');
    expect(itemKindOf('receiptBook')).toBe('receiptBook');
    expect(itemKindOf('10th')).toBe('book');
  });
});

describe('stock arithmetic', () => {
  it('moves copies from pending to in hand to distributed, keeping the sum', () => {
    let stock = addSent(emptyStock, 5);
    expect(stock).toEqual({ newStock: 5, totalCount: 0, distributedCount: 0 });
    expect(giveOne(stock)).toBeUndefined();
    stock = receive(addSent(stock, 2));
    expect(stock).toEqual({ newStock: 0, totalCount: 7, distributedCount: 0 });
    const given = giveOne(stock);
    expect(given).toEqual({ newStock: 0, totalCount: 6, distributedCount: 1 });
    expect(given && accountsFor(given, 7)).toBe(true);
    expect(given && accountsFor(given, 8)).toBe(false);
    expect(given && displayedTotal(given)).toBe(7);
  });

  it("receives a challan's copies, no more than are still pending, keeping the sum", () => {
    const stock = { newStock: 7, totalCount: 3, distributedCount: 2 };
    expect(receiveFromChallan(stock, 5)).toEqual({ newStock: 2, totalCount: 8, distributedCount: 2 });
    expect(receiveFromChallan(stock, 7)).toEqual({ newStock: 0, totalCount: 10, distributedCount: 2 });
    // Some were received book by book already: only what is pending moves.
    expect(receiveFromChallan(stock, 9)).toEqual({ newStock: 0, totalCount: 10, distributedCount: 2 });
    expect(receiveFromChallan({ ...stock, newStock: 0 }, 4)).toEqual({
      newStock: 0,
      totalCount: 3,
      distributedCount: 2,
    });
    for (const count of [0, 1, 6, 7, 8, 50]) {
      const after = receiveFromChallan(stock, count);
      expect(after.newStock + after.totalCount + after.distributedCount).toBe(12);
    }
  });

  it('refuses to send nothing or a fraction', () => {
    expect(() => addSent(emptyStock, 0)).toThrow();
    expect(() => addSent(emptyStock, 1.5)).toThrow();
  });

  it('never gives the last copy twice', () => {
    const last = giveOne({ newStock: 3, totalCount: 1, distributedCount: 0 });
    expect(last).toEqual({ newStock: 3, totalCount: 0, distributedCount: 1 });
    expect(last && giveOne(last)).toBeUndefined();
  });
});

describe('formats', () => {
  it('pads challan numbers to 4 digits', () => {
    expect(formatChallanNo(7)).toBe('0007');
    expect(formatChallanNo(1234)).toBe('1234');
  });
  it('names a pamphlet by its date', () => {
    expect(pamphletName('2026-11-03')).toBe('03/11/2026');
  });
  it('counts days', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
  });
});
