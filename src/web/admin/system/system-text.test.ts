import { describe, expect, it } from 'vitest';
import { durationText, queueRank, sweepName } from './system-text';

describe('the System view in words', () => {
  it('says how long in the unit an operator reads at a glance', () => {
    expect(durationText(4_400)).toBe('4 s');
    expect(durationText(5 * 60_000)).toBe('5 min');
    expect(durationText(3 * 3_600_000 + 120_000)).toBe('3 h');
    expect(durationText(3 * 86_400_000)).toBe('3 days');
    expect(durationText(-1_000)).toBe('0 s');
  });

  it('names a sweep without the word sweep', () => {
    expect(sweepName('pending order sweep')).toBe('Pending order');
  });

  it('lists the mail queues first', () => {
    const kinds = ['stripe_credit', 'webhook', 'email', 'document_email'] as const;
    expect([...kinds].sort((a, b) => queueRank(a) - queueRank(b))).toEqual([
      'email',
      'document_email',
      'webhook',
      'stripe_credit',
    ]);
  });
});
