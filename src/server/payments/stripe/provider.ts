import type Stripe from 'stripe';
import type { PlanId } from '../../../domain/plans';
import { panelLines, planPanelUnit } from '../../../domain/pricing';
import type { CheckoutOrder, PaymentProvider, ProviderCheckoutState } from '../provider';
import { LINE_KEY, stripeUnitPrice } from './metadata';

const id = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Stripe Checkout in subscription mode (D6): one subscription per order, the plan's panels
 * and the add-on panels as monthly line items priced by our server. The plan's line counts
 * panels, at a panel's share of the plan's price (docs/decisions/0017), so that cancelling a
 * panel later is a change of quantity (billing/panels/stripe-quantity.ts); each line's product
 * says which line it is.
 */
export function createStripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(order: CheckoutOrder) {
      const monthly = { interval: 'month' as const };
      const { planPanels } = panelLines(order.planId as PlanId, order.quantity);
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
        {
          quantity: planPanels,
          price_data: {
            currency: 'usd',
            ...stripeUnitPrice(stripe, planPanelUnit(order.planId as PlanId, order.planPriceCents)),
            recurring: monthly,
            product_data: { name: `${order.planName} plan, admin panel`, metadata: { [LINE_KEY]: 'plan' } },
          },
        },
      ];
      if (order.additionalPanels > 0) {
        lineItems.push({
          quantity: order.additionalPanels,
          price_data: {
            currency: 'usd',
            unit_amount: order.addonPriceCents,
            recurring: monthly,
            product_data: { name: 'Additional admin panel', metadata: { [LINE_KEY]: 'addon' } },
          },
        });
      }
      const metadata = { orderId: String(order.id) };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer_email: order.userEmail,
          client_reference_id: String(order.id),
          metadata,
          subscription_data: { metadata },
          line_items: lineItems,
          success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&order_id=${order.id}`,
          cancel_url: `${publicUrl}/payment-canceled?order_id=${order.id}`,
        },
        { idempotencyKey: `checkout-order-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Only an open session can be expired: one that closed by itself, was paid or is
        // unknown to Stripe answers with an error, and its state says which.
        if ((error as { statusCode?: number }).statusCode === 404) return 'expired';
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') throw error;
        return session.payment_status === 'paid' || session.status === 'complete' ? 'paid' : 'expired';
      }
    },
    async cancelSubscription(subscriptionId) {
      // A refund's retry calls this again; Stripe refuses to cancel a canceled subscription.
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status === 'canceled') return;
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
    },
    async refund(chargeId, amountCents) {
      // Our charge id for Stripe is the invoice; its payment intent is what gets refunded.
      const invoice = await stripe.invoices.retrieve(chargeId, { expand: ['payments'] });
      const paymentIntent = invoice.payments?.data
        .map((p) => id(p.payment.payment_intent ?? null))
        .find((v): v is string => v !== null);
      if (!paymentIntent) throw new Error(`Invoice ${chargeId} has no payment to refund.`);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents },
          { idempotencyKey: `refund-${chargeId}` },
        );
        return refund.id;
      } catch (error) {
        // Stripe keeps an idempotency key for 24 hours; a retry after that (or after a refund
        // made in the dashboard) is told the money is already back, which is what we want.
        if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
        const [earlier] = (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 1 })).data;
        return earlier?.id ?? `already-refunded-${chargeId}`;
      }
    },
    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    async retrieveCheckout(sessionId: string): Promise<ProviderCheckoutState | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
      const orderId = Number(session.metadata?.orderId ?? session.client_reference_id);
      if (!Number.isInteger(orderId)) return null;
      const paid = session.payment_status === 'paid';
      return {
        status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
        orderId,
        amountCents: session.amount_total ?? 0,
        chargeId: paid ? (id(session.invoice) ?? session.id) : null,
        url: session.url,
        customerId: id(session.customer),
        subscriptionId: id(session.subscription),
      };
    },
  };
}
