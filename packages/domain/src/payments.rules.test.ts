import { describe, expect, it } from 'vitest';
import { balanceAfter, isValidInstalment, typedPaise } from './payments.rules';

describe('balanceAfter', () => {
  it('leaves the whole fee when nothing is paid', () => {
    expect(balanceAfter(585_000, 0)).toEqual({ remainingPaise: 585_000, isOverpaid: false, isSettled: false });
  });

  it('settles on full payment', () => {
    expect(balanceAfter(585_000, 585_000)).toEqual({ remainingPaise: 0, isOverpaid: false, isSettled: true });
  });

  it('flags an over-payment, even by one paisa', () => {
    expect(balanceAfter(585_000, 585_001)).toEqual({ remainingPaise: -1, isOverpaid: true, isSettled: false });
  });

  it('takes instalments off what remains until it is settled', () => {
    const first = balanceAfter(790_000, 200_000);
    const second = balanceAfter(first.remainingPaise, 250_050);
    const last = balanceAfter(second.remainingPaise, 339_950);
    expect([first.remainingPaise, second.remainingPaise, last.remainingPaise]).toEqual([590_000, 339_950, 0]);
    expect([first.isSettled, second.isSettled, last.isSettled]).toEqual([false, false, true]);
  });

  it('counts a zero balance with nothing paid as settled', () => {
    expect(balanceAfter(0, 0)).toEqual({ remainingPaise: 0, isOverpaid: false, isSettled: true });
  });
});

describe('isValidInstalment', () => {
  it.each([
    [1, 100, true],
    [100, 100, true],
    [0, 100, false],
    [-50, 100, false],
    [101, 100, false],
    [1, 0, false],
  ])('%i paise against %i remaining: %s', (amount, remaining, valid) => {
    expect(isValidInstalment(amount, remaining)).toBe(valid);
  });
});

describe('typedPaise', () => {
  it('reads an amount as typed, in paise; blank or not a number is none', () => {
    const typed = ['2000', ' 1500.5 ', '0', '0.1', '-5', '', '   ', 'abc', 'Infinity'];
    expect(typed.map(typedPaise)).toEqual([200_000, 150_050, 0, 10, -500, null, null, null, null]);
  });
});
