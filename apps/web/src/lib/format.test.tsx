import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatTime } from './format';

describe('Indian formats', () => {
  it('writes dates day/month/year', () => {
    expect(formatDate('2027-03-09')).toBe('09/03/2027');
    expect(formatDate(null)).toBe('-');
  });

  it('writes times on the 12-hour clock in Asia/Kolkata, across midnight UTC', () => {
    // 19:00 UTC is 12:30 AM the next day in India.
    expect(formatTime('2026-11-21T19:00:00Z').toLowerCase()).toBe('12:30 am');
    expect(formatTime('2026-11-22T07:45:00Z').toLowerCase()).toBe('1:15 pm');
  });

  it('writes rupees with the ₹ sign and Indian grouping', () => {
    expect(formatCurrency(985000)).toContain('₹');
    expect(formatCurrency(985000)).toContain('9,85,000');
    expect(formatCurrency(33157.9)).toBe('₹33,157.90');
    expect(formatCurrency(2349.5)).toBe('₹2,349.50');
    expect(formatCurrency(5850)).toBe('₹5,850');
  });
});
