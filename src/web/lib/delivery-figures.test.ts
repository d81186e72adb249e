import { describe, expect, it } from 'vitest';
import { deliveryTimeText, shareText } from './delivery-figures';

describe('deliveryTimeText', () => {
  it('reads minutes, hours and days as a person writes them', () => {
    expect([0, 1, 45, 59.6, 60, 105, 360, 1439, 1440, 1500, 3000].map(deliveryTimeText)).toEqual([
      '0 min',
      '1 min',
      '45 min',
      '1 h',
      '1 h',
      '1 h 45 min',
      '6 h',
      '23 h 59 min',
      '1 day',
      '1 day 1 h',
      '2 days 2 h',
    ]);
  });
});

describe('shareText', () => {
  it('shows a percentage to a tenth and never rounds up to 100%', () => {
    expect([0, 0.5, 21 / 23, 0.9999, 1].map(shareText)).toEqual(['0%', '50%', '91.3%', '99.9%', '100%']);
  });
});
