import { describe, expect, it } from 'vitest';
import { auditChanges, auditField, auditHeadline, auditSummary, isRecordable } from './audit.rules';
import { indianDayRange } from './dates.rules';

const entry = (change: Partial<Parameters<typeof auditHeadline>[0]> = {}) => ({
  actor: { name: 'Asha Rao', role: 'admin' },
  action: 'update',
  entity: 'centre',
  entityId: '12',
  entityName: null,
  ...change,
});

describe('an audit entry in words', () => {
  it.each([
    [entry(), 'Asha Rao (Admin) changed Exam centre 12'],
    [entry({ entityName: 'Pune' }), 'Asha Rao (Admin) changed Exam centre 12 (Pune)'],
    [entry({ entity: 'flag', entityId: 'HALLTICKET' }), 'Asha Rao (Admin) changed Setting flag Hall Ticket'],
    [
      entry({ entity: 'user', entityId: 'c0ffee', entityName: 'Priya Deshmukh', action: 'password_change' }),
      'Asha Rao (Admin) changed the password of User Priya Deshmukh',
    ],
    [
      entry({
        actor: { name: 'Priya Deshmukh', role: 'counsellor' },
        action: 'create',
        entity: 'payment',
        entityId: '7',
      }),
      'Priya Deshmukh (Counsellor) added Payment 7',
    ],
    [
      entry({ action: 'create', entity: 'payment', entityId: '8', studentId: '2600001' }),
      'Asha Rao (Admin) added Payment 8 of student 2600001',
    ],
    [
      entry({ action: 'create', entity: 'student', entityId: '2600001', studentId: '2600001', entityName: 'Aarav' }),
      'Asha Rao (Admin) added Student 2600001 (Aarav)',
    ],
    [entry({ entity: 'settlement_accounts', entityId: 'accounts' }), 'Asha Rao (Admin) changed Settlement accounts'],
    [
      entry({
        actor: { name: 'System', role: 'system' },
        action: 'create',
        entity: 'user',
        entityName: 'Administrator',
      }),
      'System added User Administrator',
    ],
    // A kind of change this version does not know yet still reads as words.
    [entry({ entity: 'book_set', action: 'mark_given', entityId: '4' }), 'Asha Rao (Admin) mark given Book set 4'],
  ])('%j reads "%s"', (value, words) => {
    expect(auditHeadline(value)).toBe(words);
  });

  it('lists each field once, with its label and how to show it', () => {
    expect(
      auditChanges({ before: { capacity: 300, paidPaise: 100 }, after: { capacity: 350, amountPaise: 50 } }),
    ).toEqual([
      { key: 'capacity', label: 'Capacity', kind: 'text', before: 300, after: 350 },
      { key: 'paidPaise', label: 'Paid', kind: 'paise', before: 100, after: undefined },
      { key: 'amountPaise', label: 'Amount', kind: 'paise', before: undefined, after: 50 },
    ]);
    // In the order of the field list, whatever order the keys come in; unknown fields last.
    expect(
      auditChanges({ before: null, after: { zeta: 1, receiptNo: '9', amountPaise: 5 } }).map((change) => change.key),
    ).toEqual(['amountPaise', 'receiptNo', 'zeta']);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it('names an unknown field in words', () => {
    expect(auditField('seatNumber')).toEqual({ label: 'Seat number', kind: 'text' });
  });

  it("says a withdrawal and a return in the student's words", () => {
    const withdrawal = { entity: 'student', action: 'withdraw', after: { withdrawalReason: 'Fees not paid' } };
    expect(auditSummary(withdrawal)).toBe('Student withdrawn: Fees not paid');
    expect(auditSummary({ entity: 'student', action: 'reactivate', after: { status: 'active' } })).toBe(
      'Student made active',
    );
    expect(auditSummary({ entity: 'student', action: 'update', after: { status: 'active' } })).toBeUndefined();
    expect(auditSummary({ ...withdrawal, entity: 'user' })).toBeUndefined();
    expect(auditHeadline(entry({ entity: 'student', action: 'withdraw', entityId: '2600001' }))).toBe(
      'Asha Rao (Admin) withdrew Student 2600001',
    );
  });

  it('never records a secret', () => {
    for (const key of ['password', 'passwordHash', 'newPassword', 'apiToken', 'jwtSecret', 'sessionVersion']) {
      expect(isRecordable(key)).toBe(false);
    }
    for (const key of ['capacity', 'studentPhoto', 'flagValue']) expect(isRecordable(key)).toBe(true);
  });
});

describe('indianDayRange', () => {
  it('runs from midnight to midnight in India, both days included', () => {
    expect(indianDayRange({ from: '2026-03-10', to: '2026-03-10' })).toEqual({
      start: new Date('2026-03-09T18:30:00Z'),
      end: new Date('2026-03-10T18:30:00Z'),
    });
    expect(indianDayRange({ to: '2026-12-31' })).toEqual({ end: new Date('2026-12-31T18:30:00Z') });
    expect(indianDayRange({})).toEqual({});
  });
});
