import { describe, expect, it } from 'vitest';
import { subscription as sub } from '../../testing/subscription';
import type { Subscription } from '../api/billing-api';
import { refundStatusView, subscriptionView } from './subscription-view';

const NOW = new Date('2026-03-03T12:00:00.000Z');
const EARLIER = '2026-02-03T12:00:00.000Z';

describe('subscriptionView', () => {
  it('an active subscription renews on its period end and can be canceled', () => {
    const view = subscriptionView(sub(), NOW);
    expect(view).toMatchObject({
      badge: { label: 'active', tone: 'green' },
      canCancel: true,
      canResume: false,
      canAddPanels: true,
    });
    expect(view.period).toBe('Renews on Apr 3, 2026');
    expect(view.pastDue).toBeNull();
    expect(view.showPortal).toBe(false);
  });

  it('a canceled-at-period-end subscription ends on that date and can be resumed until then', () => {
    const view = subscriptionView(sub({ cancelAtPeriodEnd: true }), NOW);
    expect(view.period).toBe('Ends on Apr 3, 2026');
    expect(view.badge).toEqual({ label: 'canceling', tone: 'yellow' });
    expect(view).toMatchObject({ canCancel: false, canResume: true, canAddPanels: false });
    const past = subscriptionView(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: EARLIER }), NOW);
    expect(past.canResume).toBe(false);
  });

  it('says how many of its panels the next renewal pays for, and the price', () => {
    expect(subscriptionView(sub(), NOW).nextRenewal).toBe('Next renewal: all 5 panels for $2,000');
    expect(
      subscriptionView(sub({ quantity: 3, renewingPanels: 2, renewalPriceCents: 95_000 }), NOW).nextRenewal,
    ).toBe('Next renewal: 2 of 3 panels for $950');
    expect(
      subscriptionView(sub({ cancelAtPeriodEnd: true, renewingPanels: 0, renewalPriceCents: 0 }), NOW)
        .nextRenewal,
    ).toBe('Next renewal: none, every panel is canceled');
    expect(subscriptionView(sub({ subscriptionStatus: 'expired' }), NOW).nextRenewal).toBeNull();
  });

  it('a past-due subscription warns with the end of the 3-day grace period', () => {
    const view = subscriptionView(sub({ subscriptionStatus: 'past_due', currentPeriodEnd: EARLIER }), NOW);
    expect(view.badge).toEqual({ label: 'past due', tone: 'yellow' });
    expect(view.pastDue).toEqual({ graceEnds: '2026-02-06T12:00:00.000Z' });
  });

  it('an expired or refunded subscription offers nothing and says when it ended', () => {
    const expired = subscriptionView(sub({ subscriptionStatus: 'expired', currentPeriodEnd: EARLIER }), NOW);
    expect(expired).toMatchObject({ badge: { label: 'expired' }, canCancel: false, canResume: false });
    expect(expired.period).toBe('Ended on Feb 3, 2026');
    const refunded = subscriptionView(sub({ status: 'refunded', subscriptionStatus: 'canceled' }), NOW);
    expect(refunded).toMatchObject({ badge: { label: 'refunded', tone: 'red' }, canCancel: false });
  });

  it('a refunded subscription ends on the refund date, never on the period end still ahead', () => {
    const refunded = subscriptionView(
      sub({ status: 'refunded', subscriptionStatus: 'canceled', endedAt: '2026-03-02T09:00:00.000Z' }),
      NOW,
    );
    expect(refunded.period).toBe('Ended on Mar 2, 2026');
    expect(refunded).toMatchObject({ canCancel: false, canResume: false });
    // Without the server's date, a future period end is not shown as an end at all.
    const unknown = subscriptionView(sub({ status: 'refunded', subscriptionStatus: 'canceled' }), NOW);
    expect(unknown.period).toBeNull();
  });

  it("an expired subscription says the server's end date", () => {
    const expired = subscriptionView(
      sub({ subscriptionStatus: 'expired', currentPeriodEnd: EARLIER, endedAt: EARLIER }),
      NOW,
    );
    expect(expired.period).toBe('Ended on Feb 3, 2026');
  });

  it('offers the Stripe portal only for Stripe subscriptions', () => {
    expect(subscriptionView(sub({ provider: 'stripe' }), NOW).showPortal).toBe(true);
    expect(subscriptionView(sub({ provider: 'manual' }), NOW).showPortal).toBe(false);
  });
});

describe('refundStatusView', () => {
  const at = '2026-03-01T12:00:00.000Z';
  it('names each state of the request, with the decision note', () => {
    expect(refundStatusView({ status: 'requested', createdAt: at, note: null }).title).toBe(
      'Refund requested',
    );
    expect(refundStatusView({ status: 'approved', createdAt: at, note: null }).title).toBe('Refund approved');
    const denied = refundStatusView({ status: 'denied', createdAt: at, note: 'Outside the terms.' });
    expect(denied).toMatchObject({ title: 'Refund denied', tone: 'red' });
    expect(denied.detail).toContain('Outside the terms.');
  });
});

describe('manual renewals', () => {
  it('a bank transfer subscription shows its renewal due from 7 days before the period end', () => {
    const manual = (over: Partial<Subscription> = {}) => sub({ provider: 'manual', ...over });
    expect(
      subscriptionView(manual({ currentPeriodEnd: '2026-03-10T12:00:01.000Z' }), NOW).manualRenewal,
    ).toBeNull();
    expect(
      subscriptionView(manual({ currentPeriodEnd: '2026-03-10T12:00:00.000Z' }), NOW).manualRenewal,
    ).toEqual({
      dueAt: '2026-03-10T12:00:00.000Z',
      path: '/checkout/manual/5',
    });
    // Past due: payable until the grace period ends.
    expect(
      subscriptionView(
        manual({ subscriptionStatus: 'past_due', currentPeriodEnd: '2026-03-02T12:00:00.000Z' }),
        NOW,
      ).manualRenewal?.dueAt,
    ).toBe('2026-03-05T12:00:00.000Z');
    // Canceled at the period end, or a card subscription: nothing to pay by hand.
    expect(
      subscriptionView(manual({ cancelAtPeriodEnd: true, currentPeriodEnd: '2026-03-05T12:00:00.000Z' }), NOW)
        .manualRenewal,
    ).toBeNull();
    expect(
      subscriptionView(sub({ currentPeriodEnd: '2026-03-05T12:00:00.000Z' }), NOW).manualRenewal,
    ).toBeNull();
  });
});
