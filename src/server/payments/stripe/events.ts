import type Stripe from 'stripe';
import type { PaymentEvent, ProviderEvent } from '../events';
import { ADDED_PANELS_KEY, RENEWING_PANELS_KEY } from './metadata';

const id = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const date = (unixSeconds: number | null | undefined): Date | null =>
  unixSeconds ? new Date(unixSeconds * 1000) : null;

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return id(invoice.parent?.subscription_details?.subscription);
}

/** The invoice's lines for subscription items, each with its quantity and unit price. */
function subscriptionLines(invoice: Stripe.Invoice) {
  return invoice.lines.data
    .filter((line) => !line.parent?.subscription_item_details?.proration && line.quantity !== null)
    .map((line) => ({
      quantity: line.quantity ?? 0,
      unitCents:
        line.pricing?.unit_amount_decimal != null
          ? Number(line.pricing.unit_amount_decimal)
          : line.quantity
            ? line.amount / line.quantity
            : 0,
    }));
}

/**
 * The panels a proration invoice added: named by the subscription's metadata Stripe copied onto
 * it (billing/add-panels/stripe-add.ts), else the proration lines' quantities, each line's new
 * quantity charged and its old one credited.
 */
function addedPanelsOf(invoice: Stripe.Invoice): number | null {
  const named = invoice.parent?.subscription_details?.metadata?.[ADDED_PANELS_KEY];
  if (named !== undefined && /^\d+$/.test(named)) return Number(named);
  const prorations = invoice.lines.data.filter(
    (line) => line.parent?.subscription_item_details?.proration && line.quantity !== null,
  );
  if (prorations.length === 0) return null;
  const net = prorations.reduce((sum, line) => sum + Math.sign(line.amount) * (line.quantity ?? 0), 0);
  return net > 0 ? net : null;
}

/** What we last set as the renewing panels on the subscription, if we ever did. */
function renewingPanelsOf(subscription: Stripe.Subscription): number | null {
  const value = subscription.metadata?.[RENEWING_PANELS_KEY];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

function checkoutCompleted(session: Stripe.Checkout.Session): PaymentEvent | null {
  if (session.payment_status !== 'paid') return null;
  const orderId = Number(session.metadata?.orderId ?? session.client_reference_id);
  if (!Number.isInteger(orderId)) return null;
  return {
    type: 'checkout.completed',
    orderId,
    sessionId: session.id,
    // The first invoice is also delivered as invoice.paid; one charge id keeps one payment row.
    chargeId: id(session.invoice) ?? session.id,
    amountCents: session.amount_total ?? 0,
    customerId: id(session.customer),
    subscriptionId: id(session.subscription),
  };
}

/** What translating needs to ask Stripe: events name Stripe's objects, our rows name others. */
export interface StripeLookups {
  /** The invoice a payment intent paid (our payment rows carry invoice ids), or null. */
  invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
}

export function stripeLookups(stripe: Stripe): StripeLookups {
  return {
    async invoiceOfPaymentIntent(paymentIntentId) {
      const list = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 1,
      });
      return id(list.data[0]?.invoice);
    },
  };
}

/**
 * A charge refunded at Stripe (from its dashboard, or our own refund's echo). The charge
 * does not name its invoice, so Stripe is asked which invoice its payment intent paid; a
 * charge outside our subscriptions maps to null.
 */
async function chargeRefunded(charge: Stripe.Charge, lookups: StripeLookups): Promise<PaymentEvent | null> {
  const paymentIntent = id(charge.payment_intent);
  const invoice = paymentIntent ? await lookups.invoiceOfPaymentIntent(paymentIntent) : null;
  if (!invoice) return null;
  return {
    type: 'charge.refunded',
    chargeId: invoice,
    fullyRefunded: charge.refunded,
    amountRefundedCents: charge.amount_refunded,
  };
}

/**
 * Stripe's events in our words (events.ts). Events we do not act on map to null and are
 * acknowledged without effect.
 */
export async function translateStripeEvent(
  event: Stripe.Event,
  lookups: StripeLookups,
): Promise<ProviderEvent | null> {
  let mapped: PaymentEvent | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      mapped = checkoutCompleted(event.data.object);
      break;
    case 'checkout.session.expired': {
      const session = event.data.object;
      const orderId = Number(session.metadata?.orderId ?? session.client_reference_id);
      mapped = Number.isInteger(orderId)
        ? { type: 'checkout.expired', orderId, sessionId: session.id }
        : null;
      break;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      const line = invoice.lines.data[0];
      if (subscriptionId && invoice.id) {
        mapped = {
          type: 'invoice.paid',
          subscriptionId,
          chargeId: invoice.id,
          amountCents: invoice.amount_paid,
          periodStart: date(line?.period.start) ?? date(invoice.period_start) ?? new Date(),
          periodEnd: date(line?.period.end) ?? date(invoice.period_end) ?? new Date(),
          lines: subscriptionLines(invoice),
          // A change within the period (panels added), invoiced at once: not a renewal.
          ...(invoice.billing_reason === 'subscription_update'
            ? { proration: { panels: addedPanelsOf(invoice) } }
            : {}),
        };
      }
      break;
    }
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(event.data.object);
      mapped = subscriptionId ? { type: 'invoice.payment_failed', subscriptionId } : null;
      break;
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const ends = subscription.items.data.map((item) => item.current_period_end);
      mapped = {
        type: 'subscription.updated',
        subscriptionId: subscription.id,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd: ends.length > 0 ? date(Math.max(...ends)) : null,
        renewingPanels: renewingPanelsOf(subscription),
      };
      break;
    }
    case 'customer.subscription.deleted':
      mapped = { type: 'subscription.deleted', subscriptionId: event.data.object.id };
      break;
    case 'charge.refunded':
      mapped = await chargeRefunded(event.data.object, lookups);
      break;
    default:
      mapped = null;
  }
  return mapped ? { provider: 'stripe', id: event.id, event: mapped } : null;
}
