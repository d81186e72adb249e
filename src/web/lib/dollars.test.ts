import { describe, expect, it } from 'vitest';
import { dollars } from './dollars';

describe('dollars', () => {
  it('writes cents as a plain number with two decimals', () => {
    expect(dollars(290_000)).toBe('2900.00');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(0)).toBe('0.00');
  });
});
