import { describe, expect, it } from 'vitest';
import { dollars } from '../../lib/dollars';
import { parseDollars } from './amount';

describe('parseDollars', () => {
  it('reads the ways an admin writes an amount, in whole cents', () => {
    expect(parseDollars('500')).toBe(50_000);
    expect(parseDollars('500.00')).toBe(50_000);
    expect(parseDollars(' $1,400.5 ')).toBe(140_050);
    expect(parseDollars('0.07')).toBe(7);
  });

  it('refuses what is not an amount of money', () => {
    for (const text of ['', '0', '0.00', '-5', '12.345', 'abc', '1e3', '5.', '.5']) {
      expect(parseDollars(text), text).toBeNull();
    }
  });

  it('writes cents back as the field shows them', () => {
    expect(dollars(50_000)).toBe('500.00');
    expect(parseDollars(dollars(140_050))).toBe(140_050);
  });
});
