import { describe, expect, it } from 'vitest';
import { memoryAttemptStore } from './attempt-store';
import { type FailurePolicy, failureGate, isRefused } from './failure-limits';

const policy: FailurePolicy = {
  name: 'test',
  windowMs: 60_000,
  own: 10,
  ownUnderPressure: 3,
  subject: 20,
  address: 300,
  hardAddressCeiling: false,
};

describe('isRefused', () => {
  it("refuses on the asker's own failures; others' only lower the allowance", () => {
    expect(isRefused(policy, { own: 9, subject: 9, address: 9 })).toBe(false);
    expect(isRefused(policy, { own: 10, subject: 10, address: 10 })).toBe(true);
    // Under pressure on the subject or from the address: 3 of one's own.
    expect(isRefused(policy, { own: 0, subject: 1_000, address: 0 })).toBe(false);
    expect(isRefused(policy, { own: 2, subject: 20, address: 2 })).toBe(false);
    expect(isRefused(policy, { own: 3, subject: 20, address: 3 })).toBe(true);
    expect(isRefused(policy, { own: 0, subject: 0, address: 5_000 })).toBe(false);
    expect(isRefused(policy, { own: 3, subject: 3, address: 300 })).toBe(true);
  });

  it('past a hard address ceiling refuses everyone from the address', () => {
    const hard = { ...policy, hardAddressCeiling: true };
    expect(isRefused(hard, { own: 0, subject: 0, address: 299 })).toBe(false);
    expect(isRefused(hard, { own: 0, subject: 0, address: 300 })).toBe(true);
  });
});

describe('failureGate', () => {
  it('counts a failure three ways, clears only the own count on success, forgets after the window', async () => {
    let now = 1_000_000;
    const store = memoryAttemptStore(() => now);
    const asker = { subject: '123', ip: '10.0.0.1' };
    for (let n = 0; n < policy.own; n += 1) {
      const gate = await failureGate(store, policy, asker);
      expect(gate.refused).toBe(false);
      await gate.fail();
    }
    const refused = await failureGate(store, policy, asker);
    expect([refused.refused, refused.retryAfterSeconds]).toEqual([true, 60]);
    expect((await failureGate(store, policy, { ...asker, ip: '10.0.0.2' })).refused).toBe(false);
    expect((await failureGate(store, policy, { ...asker, subject: '124' })).refused).toBe(false);
    await refused.succeed();
    expect((await failureGate(store, policy, asker)).refused).toBe(false);
    expect(await store.count('test-subject:123')).toBe(policy.own);
    expect(await store.count('test-ip:10.0.0.1')).toBe(policy.own);
    now += policy.windowMs;
    expect(await store.count('test-subject:123')).toBe(0);
  });
});
