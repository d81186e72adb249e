import { describe, expect, it } from 'vitest';
import { eventLabel } from './event-labels';

describe('eventLabel', () => {
  it('names known actions', () => {
    const named = {
      'auth.sign_in': 'Signed in',
      'auth.address_proven': 'E-mail address confirmed (keys set before it removed)',
      'inventory.imported': 'Panels imported',
      'replacement.rejected': 'Panel replacement rejected',
      'replacement.closed': 'Panel replacement closed (order ended)',
      'credit.lapsed': 'Late-delivery credit lapsed (subscription ended)',
    };
    for (const [action, label] of Object.entries(named)) expect(eventLabel(action)).toBe(label);
  });

  it('makes an unknown action readable rather than hiding it', () => {
    expect(eventLabel('payment.charge_failed')).toBe('Payment charge failed');
  });
});
