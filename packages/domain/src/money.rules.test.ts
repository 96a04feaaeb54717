import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords, toPaise, toRupees } from './money.rules';

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(5850)).toBe(585_000);
    expect(toPaise(1500.5)).toBe(150_050);
    expect(toRupees(234_950)).toBe(2349.5);
  });

  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [19, 'Nineteen'],
    [40, 'Forty'],
    [105, 'One Hundred Five'],
    [5850, 'Five Thousand Eight Hundred Fifty'],
    [100000, 'One Lakh'],
    [985000, 'Nine Lakh Eighty Five Thousand'],
    [12345678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
  ])('writes %i as %s (Indian grouping)', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('writes an amount as a receipt does', () => {
    expect(amountInWords(250_050)).toBe('Rupees Two Thousand Five Hundred and Fifty Paise Only');
    expect(amountInWords(585_000)).toBe('Rupees Five Thousand Eight Hundred Fifty Only');
  });
});
