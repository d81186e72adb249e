import { sql } from 'drizzle-orm';
import { orders } from '../db/schema';

/**
 * When an order's subscription ended (D8), or null while it runs. One SQL expression, used by
 * /billing's subscriptions and the dashboard's past panels, so both say the same date:
 * - refunded: the refund's date. The paid period may run on for weeks, but the panels were
 *   revoked at the refund, so a refunded subscription never shows a future end;
 * - expired: `expired_at`, the end of the paid period, or the moment it expired when that came
 *   first (a Stripe subscription deleted before its period end), written with the expiry.
 * Works in any query that reads `orders` (joined or not).
 */
export const subscriptionEndedAt = sql<Date | null>`case
    when ${orders.status} = 'refunded' then ${orders.refundedAt}
    when ${orders.subscriptionStatus} = 'expired' then ${orders.expiredAt}
  end`.mapWith(orders.refundedAt);
