import { RENEWAL_GRACE_DAYS } from './constants';

// When a bank transfer or crypto subscription owes its next month (D8). Nobody charges these
// automatically, so the customer is invoiced ahead and pays by hand; one rule for the server
// (the invoice e-mail, the instructions endpoint) and /billing.

/** The renewal invoice goes out this many days before the period ends. */
export const RENEWAL_INVOICE_DAYS = 7;

const DAY_MS = 86_400_000;

export interface RenewalFacts {
  provider: string;
  status: string;
  subscriptionStatus: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * The renewal a manual subscription owes now, and by when: from RENEWAL_INVOICE_DAYS before
 * the period end until the period end, then (past due) until the grace period ends. Null
 * when nothing is owed: not manual, not running, canceled at the period end, or too early.
 */
export function renewalDue(order: RenewalFacts, now: Date): { dueAt: Date } | null {
  const end = order.currentPeriodEnd;
  if (order.provider !== 'manual' || end === null) return null;
  if (order.status !== 'paid' && order.status !== 'completed') return null;
  if (order.cancelAtPeriodEnd) return null;
  if (order.subscriptionStatus === 'past_due') {
    const graceEnds = new Date(end.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
    return graceEnds > now ? { dueAt: graceEnds } : null;
  }
  if (order.subscriptionStatus !== 'active') return null;
  return now.getTime() >= end.getTime() - RENEWAL_INVOICE_DAYS * DAY_MS ? { dueAt: end } : null;
}
