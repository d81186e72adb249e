import type { payments } from '../../db/schema';

/**
 * The sandbox's charge for one month of an order's renewal, as the payment row it leaves. The
 * charge id names the order and the month, so a month is charged once however many sweeps
 * reach it (the unique provider + charge id index drops a second insert).
 */
export function sandboxRenewalPayment(
  order: { id: number; userId: string | null },
  period: { start: Date; end: Date },
  chargedCents: number,
  panelCount: number,
): typeof payments.$inferInsert {
  return {
    orderId: order.id,
    userId: order.userId,
    amountCents: chargedCents,
    status: 'completed',
    method: 'sandbox',
    provider: 'sandbox',
    providerChargeId: `renewal_${order.id}_${period.start.toISOString()}`,
    periodStart: period.start,
    periodEnd: period.end,
    panelCount,
    createdAt: period.start,
  };
}
