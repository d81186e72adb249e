import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, sandboxSessions } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { pdfText } from '../../testing/pdf-text';
import { type StripeStandIn, startCardCheckout, startStripeStandIn } from '../../testing/stripe-stand-in';
import { createTestApp, type TestApp, type TestClient, testAppForSuite } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Reverse charge (docs/decisions/0013-invoices-and-tax.md): list prices include the seller's
 * VAT; an EU business with a VAT number in another member state pays each list price less the
 * VAT it includes. The server prices the order so, asks the provider for that amount, and the
 * invoice shows it at VAT 0%.
 */
const SELLER = {
  RATE_LIMIT_MULTIPLIER: '10',
  SELLER_LEGAL_NAME: 'PanelHub GmbH',
  SELLER_COUNTRY: 'DE',
  SELLER_TAX_NUMBER: 'DE811111111',
  TAX_RATE_PERCENT: '19',
};
const DUTCH_BUSINESS = {
  companyName: 'Acme BV',
  address: 'Keizersgracht 1',
  country: 'NL',
  taxNumber: 'NL123456789B01',
  invoiceEmail: '',
};
const GERMAN_BUSINESS = { ...DUTCH_BUSINESS, country: 'DE', taxNumber: 'DE123456789' };

// Basic is $500 with 19% VAT inside: 50000 × 100 / 119 = 42016.8, so $420.17 net and $79.83 VAT.
const BASIC_NET = 42_017;

const t = testAppForSuite(SELLER);
beforeAll(async () => {
  await t.app.ready();
});
const newCustomer = customerSeries(() => t.app, 'vat');

async function businessCustomer(profile: typeof DUTCH_BUSINESS) {
  const { c, email } = await newCustomer();
  expect((await c.put('/api/me/billing-profile', profile)).statusCode).toBe(200);
  return { c, email };
}

const sandboxCheckout = async (c: TestClient, additionalPanels = 0) => {
  const res = await c.post('/api/checkout', { planId: 'basic', additionalPanels, method: 'card' });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderId: number; url: string };
};

const invoiceOf = async (c: TestClient, orderId: number) => {
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const res = await c.get(`/api/me/invoices/${payment!.id}/pdf`);
  expect(res.statusCode).toBe(200);
  return { payment: payment!, text: pdfText(res.rawPayload) };
};

describe(`reverse charge on ${TEST_DATABASE_NAME}`, () => {
  it('charges an EU business abroad the list price less the VAT it includes, to the cent, and invoices it at VAT 0%', async () => {
    const { c } = await businessCustomer(DUTCH_BUSINESS);
    expect((await c.get('/api/me/tax')).json()).toEqual({ rateBasisPoints: 1900, reverseCharge: true });

    const { orderId } = await sandboxCheckout(c);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalCents: BASIC_NET, planPriceCents: BASIC_NET });
    expect(50_000 - order!.totalCents).toBe(7_983);
    // The provider is asked for the net amount.
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, orderId));
    expect(session?.amountCents).toBe(BASIC_NET);

    expect((await c.post(`/api/sandbox/sessions/${session!.id}/pay`)).statusCode).toBe(200);
    const { payment, text } = await invoiceOf(c, orderId);
    expect(payment.amountCents).toBe(BASIC_NET);
    for (const part of [
      'Basic plan',
      '$420.17',
      'VAT 0%',
      'Reverse charge: VAT to be accounted for by the recipient.',
      'VAT number: NL123456789B01',
      'VAT number: DE811111111',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('$500');
  });

  it('prices each add-on net too, so the invoice lines add up', async () => {
    const { c } = await businessCustomer(DUTCH_BUSINESS);
    const { orderId } = await sandboxCheckout(c, 2);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    // A Basic add-on is $450 with VAT: 45000 × 100 / 119 = 37815.13.
    expect(order).toMatchObject({ planPriceCents: BASIC_NET, addonPriceCents: 37_815 });
    expect(order!.totalCents).toBe(BASIC_NET + 2 * 37_815);
  });

  it('charges a buyer in the seller’s own country the list price, VAT included', async () => {
    const { c } = await businessCustomer(GERMAN_BUSINESS);
    expect((await c.get('/api/me/tax')).json()).toEqual({ rateBasisPoints: 1900, reverseCharge: false });
    const { orderId } = await sandboxCheckout(c);
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, orderId));
    expect(session?.amountCents).toBe(50_000);
    await c.post(`/api/sandbox/sessions/${session!.id}/pay`);
    const { text } = await invoiceOf(c, orderId);
    for (const part of ['$500', 'VAT 19%', '$79.83', '$420.17', 'Prices include 19% VAT.'])
      expect(text).toContain(part);
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('Tax');
  });

  it('opens a new order at the new price when the billing details change it', async () => {
    const { c } = await businessCustomer(GERMAN_BUSINESS);
    const domestic = await sandboxCheckout(c);
    await c.put('/api/me/billing-profile', DUTCH_BUSINESS);
    const reverse = await sandboxCheckout(c);
    expect(reverse.orderId).not.toBe(domestic.orderId);
  });
});

describe('reverse charge at Stripe', () => {
  let stripe: StripeStandIn;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ sessionPrefix: 'cs_vat_', routes: () => false });
    app = await createTestApp({ ...SELLER, ...stripe.config });
    await app.app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('asks Stripe for the net unit prices', async () => {
    const { c } = await customerSeries(() => app.app, 'stripevat')();
    await c.put('/api/me/billing-profile', DUTCH_BUSINESS);
    await startCardCheckout(c);
    const form = stripe.checkoutForms.at(-1)!;
    // startCardCheckout orders Pro with 3 add-ons: $2,000 and $300 each, VAT included. The
    // plan's net $1,680.67 is priced per panel (docs/decisions/0017): 33,613.4 cents each.
    expect(form.get('line_items[0][price_data][unit_amount_decimal]')).toBe('33613.4');
    expect(form.get('line_items[0][quantity]')).toBe('5');
    expect([...stripe.sessions.values()].at(-1)?.amount_total).toBe(168_067 + 3 * 25_210);
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('25210');
    expect(form.get('line_items[1][quantity]')).toBe('3');
  });
});
