import { RENEWAL_GRACE_DAYS } from '../../../domain/constants';
import { formatCents } from '../../../domain/format';
import { renewalDue } from '../../../domain/manual-renewal';
import { PANEL_BILLING_TEXTS } from '../../../domain/panel-billing';
import type { Badge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import type { RefundRequest, Subscription } from '../api/billing-api';

export interface SubscriptionView {
  badge: Badge;
  /** 'Renews on …', 'Ends on …' (canceled at period end), 'Ended on …' (never a future date), or null. */
  period: string | null;
  /** While it runs: how many of its panels the next renewal pays for, and the price (docs/decisions/0017). */
  nextRenewal: string | null;
  /** The last renewal failed: panels stay until `graceEnds`, then expire (D8). */
  pastDue: { graceEnds: string } | null;
  canCancel: boolean;
  canResume: boolean;
  /** Panels can join its renewal date, or start a new period of their own. */
  canAddPanels: boolean;
  /** Stripe subscriptions are managed in Stripe's customer portal. */
  showPortal: boolean;
  /**
   * A bank transfer or crypto subscription whose next month is due (invoiced 7 days ahead,
   * D8): pay it by `dueAt`, following the order's payment instructions.
   */
  manualRenewal: { dueAt: string; path: string } | null;
}

/** Which subscription a dialog is about, under its title. */
export const subscriptionName = (s: { planName: string; orderId: number }) =>
  `${s.planName} plan, order #${s.orderId}`;

const live = (s: Subscription) => s.status === 'paid' || s.status === 'completed';
const running = (s: Subscription) => s.subscriptionStatus === 'active' || s.subscriptionStatus === 'past_due';

function badgeOf(s: Subscription): Badge {
  if (s.status === 'refunded') return { label: 'refunded', tone: 'red' };
  switch (s.subscriptionStatus) {
    case 'active':
      // Still running, but the customer asked it to stop: at a glance it must not read as renewing.
      return s.cancelAtPeriodEnd
        ? { label: 'canceling', tone: 'yellow' }
        : { label: 'active', tone: 'green' };
    case 'past_due':
      return { label: 'past due', tone: 'yellow' };
    case 'inactive':
      return { label: 'inactive', tone: 'yellow' };
    case 'canceled':
      return { label: 'canceled', tone: 'red' };
    case 'expired':
      return { label: 'expired', tone: 'red' };
  }
}

/** What a subscription card says and offers, from the server's facts and the clock. */
export function subscriptionView(s: Subscription, now: Date): SubscriptionView {
  const end = s.currentPeriodEnd;
  const periodOpen = end !== null && new Date(end).getTime() > now.getTime();
  const active = live(s) && running(s);
  let period: string | null = null;
  if (s.endedAt !== null) {
    // The server's end: a refund ends the subscription on its date, however much of the paid
    // period was still ahead.
    period = `Ended on ${formatDate(s.endedAt)}`;
  } else if (end !== null) {
    if (active) period = s.cancelAtPeriodEnd ? `Ends on ${formatDate(end)}` : `Renews on ${formatDate(end)}`;
    // A subscription that is over never "ended" on a date still to come.
    else if (!periodOpen) period = `Ended on ${formatDate(end)}`;
  }
  const pastDue =
    active && s.subscriptionStatus === 'past_due' && end !== null
      ? { graceEnds: new Date(new Date(end).getTime() + RENEWAL_GRACE_DAYS * 86_400_000).toISOString() }
      : null;
  return {
    badge: badgeOf(s),
    period,
    nextRenewal:
      active && periodOpen
        ? PANEL_BILLING_TEXTS.nextRenewal(s.renewingPanels, s.quantity, formatCents(s.renewalPriceCents))
        : null,
    pastDue,
    canCancel: active && periodOpen && !s.cancelAtPeriodEnd,
    canResume: active && periodOpen && s.cancelAtPeriodEnd,
    canAddPanels: active && periodOpen && !s.cancelAtPeriodEnd && s.subscriptionStatus === 'active',
    showPortal: s.provider === 'stripe' && live(s),
    manualRenewal: manualRenewalOf(s, now),
  };
}

function manualRenewalOf(s: Subscription, now: Date): SubscriptionView['manualRenewal'] {
  const due = renewalDue(
    { ...s, currentPeriodEnd: s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null },
    now,
  );
  return due ? { dueAt: due.dueAt.toISOString(), path: `/checkout/manual/${s.orderId}` } : null;
}

interface RefundStatusView {
  title: 'Refund requested' | 'Refund approved' | 'Refund denied';
  tone: Badge['tone'];
  detail: string;
}

/** The customer's refund request, as they see it after asking (D8). */
export function refundStatusView(request: RefundRequest): RefundStatusView {
  const asked = `Requested on ${formatDate(request.createdAt)}.`;
  switch (request.status) {
    case 'requested':
      return { title: 'Refund requested', tone: 'blue', detail: `${asked} We will review it shortly.` };
    case 'approved':
      return {
        title: 'Refund approved',
        tone: 'green',
        detail: request.note ? `${asked} ${request.note}` : `${asked} The payment is being returned.`,
      };
    case 'denied':
      return {
        title: 'Refund denied',
        tone: 'red',
        detail: request.note ? `${asked} ${request.note}` : asked,
      };
  }
}
