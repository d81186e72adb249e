import { describe, expect, it } from 'vitest';
import { panelsAddedText } from './add-panels-texts';

describe('panelsAddedText', () => {
  it('says the sandbox charged, and that Stripe will charge', () => {
    expect(panelsAddedText({ panels: 2, chargedCents: 60_000 }, 7, 'sandbox')).toBe(
      '2 panels joined order #7; $600.00 charged.',
    );
    expect(panelsAddedText({ panels: 1, chargedCents: 30_000 }, 7, 'stripe')).toBe(
      '1 panel joined order #7; $300.00 will be charged to your card on file.',
    );
  });
});
