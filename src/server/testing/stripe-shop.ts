import { forSuite } from './for-suite';
import { addStock } from './inventory';
import {
  deliverStripeEvent,
  paidSession,
  type StripeStandIn,
  startCardCheckout,
  startStripeStandIn,
} from './stripe-stand-in';
import { createTestApp, type TestApp, type TestClient } from './test-app';

/*
 * The shop of a Stripe test file: a test app whose card payments go to a fresh Stripe stand-in
 * (stripe-stand-in.ts), with the moves its cases share: deliver a signed event, and buy the
 * standard card checkout that Stripe then reports paid.
 */

export interface StripeShop {
  stripe: StripeStandIn;
  t: TestApp;
  /** Posts an event to the app, signed as Stripe would sign it (or with `secret`). */
  deliver(
    type: string,
    object: Record<string, unknown>,
    options?: { id?: string; secret?: string },
  ): ReturnType<typeof deliverStripeEvent>;
  /**
   * `c` buys the standard card checkout and Stripe reports the session paid
   * (checkout.session.completed); `paid` is the webhook's answer.
   */
  payCheckout(c: TestClient): Promise<{
    orderId: number;
    sessionId: string;
    paid: Awaited<ReturnType<typeof deliverStripeEvent>>;
  }>;
  close(): Promise<void>;
}

type ShopOptions = Parameters<typeof startStripeStandIn>[0] & { stock: number };

/** A ready shop on a fresh stand-in, with `stock` panels to sell. */
async function openStripeShop(options: ShopOptions): Promise<StripeShop> {
  const stripe = await startStripeStandIn(options);
  const t = await createTestApp(stripe.config);
  await t.app.ready();
  await addStock(t.database.db, options.stock);
  const deliver: StripeShop['deliver'] = (type, object, eventOptions) =>
    deliverStripeEvent(t.app, type, object, eventOptions);
  return {
    stripe,
    t,
    deliver,
    async payCheckout(c) {
      const { orderId, sessionId } = await startCardCheckout(c);
      const paid = await deliver('checkout.session.completed', paidSession(stripe.sessions, sessionId));
      return { orderId, sessionId, paid };
    },
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** openStripeShop for the tests of one file or describe block: opened before them, closed after. */
export const stripeShopForSuite = (options: ShopOptions): StripeShop =>
  forSuite(
    () => openStripeShop(options),
    (shop) => shop.close(),
  );
