import type { CheckoutMethod } from '../../domain/pricing';

/** What a payment provider needs to know to open a checkout for an order. */
export interface CheckoutOrder {
  id: number;
  userId: string;
  userEmail: string;
  planId: string;
  planName: string;
  additionalPanels: number;
  quantity: number;
  totalCents: number;
  planPriceCents: number;
  addonPriceCents: number;
  method: CheckoutMethod;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** The provider's own view of a checkout, asked on the server when verifying (D6). */
export interface ProviderCheckoutState {
  status: 'open' | 'paid' | 'canceled' | 'expired';
  orderId: number;
  amountCents: number;
  chargeId: string | null;
  /** Where the customer completes this checkout, while it is open. */
  url: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe' | 'manual';
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  /** Null when the provider has no such session. */
  retrieveCheckout(sessionId: string): Promise<ProviderCheckoutState | null>;
  /**
   * Closes an abandoned checkout at the provider, so it can no longer be paid after we
   * canceled its order. 'paid' when it was paid after all (its event confirms the order).
   */
  expireCheckout?(sessionId: string): Promise<'expired' | 'paid'>;
  /** Ends the subscription now (after a refund), so the provider charges no more. */
  cancelSubscription?(subscriptionId: string): Promise<void>;
  /** Returns the provider's refund id. Manual payments are refunded by hand and only recorded. */
  refund?(chargeId: string, amountCents: number): Promise<string>;
  /** The provider's self-service billing page for a customer, when it has one. */
  portalUrl?(customerId: string, returnUrl: string): Promise<string>;
}
