import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { closeEnquiryRequest, getVisitingQuery, OTHER_REASON, visitingRequest } from './visiting.schemas';

describe('visitingRequest', () => {
  it('asks for the written reason even while other fields are still empty', () => {
    const result = visitingRequest.safeParse({
      reason: OTHER_REASON,
      studentNo: '9800000001',
      parentsNo: '9800000002',
      notificationNo: '9000000000',
    });
    const messagesFound = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messagesFound).toContain(messages.otherReasonRequired);
    expect(messagesFound).toContain(messages.notificationNumber);
  });

  it('does not judge a rule whose fields are themselves invalid', () => {
    const result = visitingRequest.safeParse({
      studentNo: '98',
      parentsNo: '9800000002',
      notificationNo: '9000000000',
    });
    expect(result.error?.issues.map((issue) => issue.message)).not.toContain(messages.notificationNumber);
  });
});

describe('messages for people', () => {
  const emptyForm = {
    studentName: '',
    gender: '',
    dob: '',
    address: '',
    pincode: '',
    standard: '',
    branch: '',
    schoolCollege: '',
    previousYearPercent: '',
    email: '',
    studentNo: '',
    parentsNo: '',
    notificationNo: '',
    demoGiven: '',
    reason: '',
  };
  const messageOf = (field: string, values: Record<string, unknown> = emptyForm) =>
    visitingRequest.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('says what to choose on an empty gender, demo and date of birth', () => {
    expect(messageOf('gender')).toBe('Choose a gender');
    expect(messageOf('demoGiven')).toBe('Choose whether a demo was given');
    expect(messageOf('dob')).toBe('Choose the date of birth');
    expect(messageOf('standard')).toBe('Choose a standard');
  });

  it('never answers an empty field with "Enter a valid date" or the allowed values', () => {
    const found = visitingRequest.safeParse(emptyForm).error?.issues.map((issue) => issue.message) ?? [];
    expect(found).not.toContain(messages.invalidDate);
    expect(found.join(' ')).not.toMatch(/must be (Male or Female|YES or NO)/);
  });

  it('keeps "Enter a valid date" for a date that does not exist', () => {
    expect(messageOf('dob', { ...emptyForm, dob: '2010-02-30' })).toBe(messages.invalidDate);
  });

  it('puts a phone error under its own field', () => {
    const issues = visitingRequest.safeParse({ ...emptyForm, studentNo: '12345', parentsNo: '9822012345' }).error
      ?.issues;
    expect(issues?.filter((issue) => issue.message === messages.phoneDigits).map((issue) => issue.path[0])).toEqual([
      'studentNo',
      'notificationNo',
    ]);
  });
});

describe('closeEnquiryRequest', () => {
  const issuesOf = (body: unknown) =>
    closeEnquiryRequest.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it.each(['Duplicate', 'Wrong entry', 'Not interested'])('closes as %s with or without a note', (reason) => {
    expect(closeEnquiryRequest.parse({ reason })).toEqual({ reason });
    expect(closeEnquiryRequest.parse({ reason, note: ' Same family ' })).toEqual({ reason, note: 'Same family' });
  });

  it('asks for the reason in words when it is Other, a blank note being none', () => {
    expect(issuesOf({ reason: 'Other' })).toEqual([['note', messages.closeNoteRequired]]);
    expect(issuesOf({ reason: 'Other', note: '   ' })).toEqual([['note', messages.closeNoteRequired]]);
    expect(closeEnquiryRequest.parse({ reason: 'Other', note: 'Moved away' })).toEqual({
      reason: 'Other',
      note: 'Moved away',
    });
  });

  it.each([{}, { reason: '' }, { reason: 'duplicate' }, { reason: 'Deleted' }])('refuses %j', (body) => {
    expect(issuesOf(body)).toEqual([['reason', messages.closeReasonRequired]]);
  });
});

describe('getVisitingQuery status', () => {
  it('is open by default (blank too), and only open, closed or all', () => {
    expect(getVisitingQuery.parse({}).status).toBeUndefined();
    expect(getVisitingQuery.parse({ status: '' }).status).toBeUndefined();
    expect(getVisitingQuery.parse({ status: 'all' }).status).toBe('all');
    expect(getVisitingQuery.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});
