import { expect } from 'vitest';
import { createSubscriptionRunner } from '../billing/subscriptions/subscription-runner';
import { shopWithAdmin } from './accounts';
import { forSuite } from './for-suite';
import { sweepDeps, type TestClient } from './test-app';

/** A shop that takes bank transfers: its account details are set, so the method is offered. */
const MANUAL_PAYMENTS_ENV = {
  DEMO_MODE: 'off',
  RATE_LIMIT_MULTIPLIER: '10',
  BANK_ACCOUNT_NAME: 'Panel Shop LLC',
  BANK_ACCOUNT_NUMBER: 'DE89 3704 0044 0532 0130 00',
};

/**
 * For a test file of the manual renewal cycle: the shop with `stock` panels, its signed-in admin,
 * and the subscription runner, all on the test's clock; closed after the file.
 */
export function manualRenewalShopForSuite(stock: number, clock: () => Date) {
  return forSuite(
    async () => {
      const { t, admin } = await shopWithAdmin({ env: MANUAL_PAYMENTS_ENV, clock, stock });
      return { t, admin, runner: createSubscriptionRunner(sweepDeps(t, MANUAL_PAYMENTS_ENV, clock)) };
    },
    (shop) => shop.t.close(),
  );
}

/**
 * A Basic bank transfer order with `additional` add-on panels of a new customer (`newCustomer`,
 * a customerSeries) that the shop's admin marked paid: its period runs a month from the shop's clock.
 */
export async function paidBankOrder(
  shop: { admin: TestClient },
  newCustomer: () => Promise<{ c: TestClient; email: string }>,
  additional = 0,
) {
  const { c, email } = await newCustomer();
  const { orderId } = (
    await c.post('/api/checkout', { planId: 'basic', additionalPanels: additional, method: 'bank_transfer' })
  ).json() as { orderId: number };
  expect((await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });
  return { c, email, orderId };
}
