import { describe, expect, it } from 'vitest';
import { queueBucketOf, stageAfterFollowUp, telLink, whatsAppLink } from './funnel.schemas';
import { funnelStatusOf } from './visiting.schemas';

describe('queueBucketOf', () => {
  it('reads today in India: 23:59 IST on the day is today, a minute past midnight IST it is overdue', () => {
    // 18:29 UTC is 23:59 in India; 18:31 UTC is 00:01 the next day.
    expect(queueBucketOf('2026-12-31', new Date('2026-12-31T18:29:00Z'))).toBe('today');
    expect(queueBucketOf('2026-12-31', new Date('2026-12-31T18:31:00Z'))).toBe('overdue');
    expect(queueBucketOf('2027-01-01', new Date('2026-12-31T18:29:00Z'))).toBe('upcoming');
    expect(queueBucketOf('2027-01-01', new Date('2026-12-31T18:31:00Z'))).toBe('today');
    // Still 31 March in UTC, already 1 April in India.
    expect(queueBucketOf('2027-03-31', new Date('2027-03-31T20:00:00Z'))).toBe('overdue');
  });
});

describe('stageAfterFollowUp', () => {
  it('takes the chosen stage, else makes a new enquiry contacted once someone was reached', () => {
    expect(stageAfterFollowUp('new', { outcome: 'Spoke to parent' })).toBe('contacted');
    expect(stageAfterFollowUp('new', { outcome: 'No answer' })).toBe('new');
    expect(stageAfterFollowUp('interested', { outcome: 'Spoke to parent' })).toBe('interested');
    expect(stageAfterFollowUp('new', { outcome: 'No answer', stage: 'interested' })).toBe('interested');
  });
});

describe('funnelStatusOf', () => {
  it('reads registered from the conversion link and lost from the closing', () => {
    expect(funnelStatusOf({ stage: 'contacted', convertedStudentId: null, closedAt: null })).toBe('contacted');
    expect(funnelStatusOf({ stage: 'contacted', convertedStudentId: null, closedAt: new Date() })).toBe('lost');
    expect(funnelStatusOf({ stage: 'new', convertedStudentId: '2600001', closedAt: null })).toBe('registered');
  });
});

it('links a 10-digit Indian number for a call and for WhatsApp', () => {
  expect(telLink('9822012345')).toBe('tel:+919822012345');
  expect(whatsAppLink('9822012345')).toBe('https://wa.me/919822012345');
});
