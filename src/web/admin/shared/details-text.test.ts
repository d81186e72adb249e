import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates';
import { detailsText, humanise } from './details-text';

describe('detailsText', () => {
  it('labels known keys and joins the fields that have a value', () => {
    expect(detailsText({ rows: 3, accepted: 1, search: null, status: '' })).toBe('Rows: 3 · Accepted: 1');
  });

  it('shows cents as money, ISO dates as dates and codes through their labels', () => {
    const at = '2027-01-26T19:56:25.503Z';
    expect(detailsText({ amountCents: 50_000, periodEnd: at })).toBe(
      `Amount: $500 · Period ends: ${formatDateTime(at)}`,
    );
    expect(detailsText({ reason: 'cannot_sign_in' })).toBe('Reason: I cannot sign in');
    expect(detailsText({ reason: 'payment_not_received', previousStatus: 'paid' })).toBe(
      'Reason: Payment not received · Previous status: Processing',
    );
    expect(detailsText({ approved: true, planId: 'pro' })).toBe('Approved: Yes · Plan: Pro');
  });

  it('humanises a key no label names, and lists arrays', () => {
    expect(detailsText({ providerChargeId: 'ch_1', panelIds: [1, 2] })).toBe(
      'Provider charge id: ch_1 · Panels: 1, 2',
    );
    expect(humanise('late_delivery')).toBe('Late delivery');
    expect(detailsText({ nested: { a: 1 } })).toBe('Nested: {"a":1}');
    expect(detailsText(null)).toBe('');
  });
});
