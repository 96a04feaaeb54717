import { describe, expect, it } from 'vitest';
import { addChallanRequest, challanListQuery, markGivenRequest } from './books.schemas';
import { indianToday } from './dates.rules';
import { messages } from './messages';

const counsellorId = '7b0a4a4e-0f6f-4d7e-9a55-6f6b2b9f1c11';
const today = indianToday();
const valid = {
  chalanDate: today,
  counsellorId,
  items: [
    { standard: '10th', bookName: 'Math', totalCount: 10 },
    { standard: 'pamphlet', bookName: '03/11/2026', totalCount: 0 },
    { standard: 'receiptBook', bookName: '', totalCount: 0 },
  ],
};
const messagesOf = (input: unknown) => {
  const result = addChallanRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('addChallanRequest (SPEC §5 Challan)', () => {
  it('keeps only rows that send something', () => {
    const parsed = addChallanRequest.parse(valid);
    expect(parsed.items).toEqual([{ standard: '10th', bookName: 'Math', totalCount: 10 }]);
  });

  it('asks for a counsellor', () => {
    expect(messagesOf({ ...valid, counsellorId: '' })).toEqual([messages.selectCounsellor]);
    expect(messagesOf({ ...valid, counsellorId: undefined })).toEqual([messages.selectCounsellor]);
    expect(messagesOf({ ...valid, counsellorId: 'abc' })).toEqual([messages.selectCounsellor]);
  });

  it('asks for at least one entry with valid data', () => {
    expect(messagesOf({ ...valid, items: [] })).toEqual([messages.challanEntryRequired]);
    expect(messagesOf({ ...valid, items: undefined })).toEqual([messages.challanEntryRequired]);
    expect(messagesOf({ ...valid, items: [{ standard: '10th', bookName: 'Math', totalCount: 0 }] })).toEqual([
      messages.challanEntryRequired,
    ]);
  });

  it('takes whole counts from 0', () => {
    for (const totalCount of [-1, 1.5, 'x', true, 100_001]) {
      expect(messagesOf({ ...valid, items: [{ standard: '10th', bookName: 'Math', totalCount }] })).toContain(
        messages.challanCountInvalid,
      );
    }
    expect(
      addChallanRequest.parse({ ...valid, items: [{ standard: '10th', bookName: 'Math', totalCount: '3' }] }).items,
    ).toEqual([{ standard: '10th', bookName: 'Math', totalCount: 3 }]);
  });

  it('needs a receipt book number when a range is given, and catalogue books', () => {
    expect(messagesOf({ ...valid, items: [{ standard: 'receiptBook', bookName: ' ', totalCount: 50 }] })).toContain(
      messages.challanBookRequired,
    );
    expect(messagesOf({ ...valid, items: [{ standard: '10th', bookName: 'Biology', totalCount: 5 }] })).toContain(
      messages.challanBookUnknown,
    );
    expect(messagesOf({ ...valid, items: [{ standard: 'pamphlet', bookName: 'today', totalCount: 5 }] })).toContain(
      messages.challanPamphletName,
    );
    expect(messagesOf({ ...valid, items: [{ standard: '9th', bookName: 'Math', totalCount: 5 }] })).toContain(
      messages.challanStandardInvalid,
    );
  });

  it('needs a challan date in its window', () => {
    expect(messagesOf({ ...valid, chalanDate: '' })).toEqual([messages.challanDateRequired]);
    expect(messagesOf({ ...valid, chalanDate: '2001-01-01' })).toEqual([messages.challanDateRange]);
    expect(messagesOf({ ...valid, chalanDate: '2026-02-30' })).toEqual([messages.invalidDate]);
  });
});

describe('challanListQuery and markGivenRequest', () => {
  it('reads empty filters as absent and refuses reversed dates', () => {
    expect(challanListQuery.parse({ counsellor: '', from: '', to: '', chalanNo: '' })).toEqual({});
    const reversed = challanListQuery.safeParse({ from: '2026-02-02', to: '2026-02-01' });
    expect(reversed.success ? [] : reversed.error.issues.map((issue) => issue.message)).toEqual([
      messages.challanDatesOrder,
    ]);
  });
  it('takes only a known book set', () => {
    expect(markGivenRequest.parse({ bookSet: '11th' })).toEqual({ bookSet: '11th' });
    expect(markGivenRequest.safeParse({ bookSet: '9th' }).success).toBe(false);
  });
});
