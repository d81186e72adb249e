import { describe, expect, it } from 'vitest';
import { eventLabel } from './event-labels';

describe('eventLabel', () => {
  it('names known actions', () => {
    expect(eventLabel('auth.sign_in')).toBe('Signed in');
    expect(eventLabel('inventory.imported')).toBe('Panels imported');
    expect(eventLabel('replacement.rejected')).toBe('Panel replacement rejected');
    expect(eventLabel('replacement.closed')).toBe('Panel replacement closed (order ended)');
    expect(eventLabel('credit.lapsed')).toBe('Late-delivery credit lapsed (subscription ended)');
  });

  it('makes an unknown action readable rather than hiding it', () => {
    expect(eventLabel('payment.charge_failed')).toBe('Payment charge failed');
  });
});
