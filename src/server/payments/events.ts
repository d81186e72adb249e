/**
 * A provider event in our own words. Stripe's webhooks and the sandbox's signed events are
 * both turned into these, and one pipeline (payment-events/process-event.ts) applies them.
 */
export type PaymentEvent =
  | {
      type: 'checkout.completed';
      orderId: number;
      sessionId: string;
      chargeId: string;
      amountCents: number;
      customerId?: string | null;
      subscriptionId?: string | null;
    }
  | {
      type: 'checkout.expired';
      orderId: number;
      sessionId: string;
      /** The sandbox's Cancel button; a real provider only reports that the session ran out. */
      canceledByCustomer?: boolean;
    }
  | {
      type: 'invoice.paid';
      subscriptionId: string;
      chargeId: string;
      amountCents: number;
      periodStart: Date;
      periodEnd: Date;
      /** The invoice's subscription lines (prorations left out), to count the panels it paid for. */
      lines?: { quantity: number; unitCents: number }[];
      /**
       * Set when the invoice is a mid-period change's proration (panels added,
       * docs/decisions/0018-adding-panels.md), not a renewal: it neither starts a period nor
       * ends one. `panels`: the panels it added, when the invoice says.
       */
      proration?: { panels: number | null };
    }
  | { type: 'invoice.payment_failed'; subscriptionId: string }
  | {
      type: 'subscription.updated';
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: Date | null;
      /** How many panels we had told the provider renew when this state was made; null if never. */
      renewingPanels?: number | null;
    }
  | { type: 'subscription.deleted'; subscriptionId: string }
  | {
      /** Money returned at the provider (from its dashboard, or the echo of our own approval). */
      type: 'charge.refunded';
      /** Our payment's charge id (for Stripe the invoice, as on the payment row). */
      chargeId: string;
      /** All of the charge returned; a partial refund leaves our payment as it is. */
      fullyRefunded: boolean;
      amountRefundedCents: number;
    };

export interface ProviderEvent {
  provider: 'sandbox' | 'stripe';
  /** The provider's event id: each is applied once. */
  id: string;
  event: PaymentEvent;
}
