import { describe, expect, it } from 'vitest';
import { indianToday } from './dates.rules';
import { withdrawalReasonText } from './students.rules';
import { withdrawStudentRequest } from './students.schemas';

describe('withdrawal reasons', () => {
  it('keeps a listed reason and ignores other text beside it', () => {
    expect(withdrawalReasonText({ reason: 'Fees not paid', otherReason: 'ignored' })).toBe('Fees not paid');
  });

  it("takes the office's words for Other", () => {
    expect(withdrawalReasonText({ reason: 'Other', otherReason: 'Family emergency' })).toBe('Family emergency');
  });

  it('asks for the words when the reason is Other', () => {
    const parsed = withdrawStudentRequest.safeParse({ reason: 'Other', otherReason: '  ', withdrawnOn: indianToday() });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('otherReason');
  });

  it('refuses a date in the future and an unknown reason', () => {
    expect(withdrawStudentRequest.safeParse({ reason: 'Fees not paid', withdrawnOn: '2999-01-01' }).success).toBe(
      false,
    );
    expect(withdrawStudentRequest.safeParse({ reason: 'Bored', withdrawnOn: indianToday() }).success).toBe(false);
  });

  it('accepts a listed reason with a date of today', () => {
    expect(withdrawStudentRequest.parse({ reason: 'Moved to another city', withdrawnOn: indianToday() })).toMatchObject(
      {
        reason: 'Moved to another city',
      },
    );
  });
});
